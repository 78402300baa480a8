/**
 * A case study's tag choices (services, technologies): a checkbox per site key, with the API's
 * issues for the list and its entries under it. Apart from CaseStudyFields.tsx to keep it small.
 */
import type { SiteKeyChoice } from "@contracts/content/site-keys";
import { fieldId } from "./ContentField";
import type { IssueMap } from "./issue-words";

/** A group's issues listed under it: "Row 2, label: Write at least 3 characters." */
function GroupIssues({ path, issues, rowName }: { path: string; issues: IssueMap; rowName: string }) {
  const own = issues.at(path);
  const rows = issues.under(path);
  if (!own && rows.length === 0) return null;
  return (
    <div className="error field-error" id={`${fieldId(path)}-error`}>
      {own && <p>{own}</p>}
      {rows.map(([p, message]) => {
        const [, row, part] = p.split(".");
        return (
          <p key={p}>
            {row !== undefined && /^\d+$/.test(row) ? `${rowName} ${Number(row) + 1}` : rowName}
            {part ? `, ${part}` : ""}: {message}
          </p>
        );
      })}
    </div>
  );
}

export function Choices(props: {
  path: string;
  legend: string;
  hint: string;
  choices: readonly SiteKeyChoice[];
  value: string[];
  onChange: (value: string[]) => void;
  issues: IssueMap;
}) {
  const invalid = Boolean(props.issues.at(props.path) || props.issues.under(props.path).length);
  return (
    <fieldset className="checks" aria-describedby={`${fieldId(props.path)}-hint`}>
      <legend>{props.legend}</legend>
      <div className="check-row">
        {props.choices.map((choice) => (
          <div className="check" key={choice.key}>
            <input
              type="checkbox"
              id={`${fieldId(props.path)}-${choice.key}`}
              checked={props.value.includes(choice.key)}
              aria-invalid={invalid || undefined}
              onChange={(e) =>
                props.onChange(
                  e.target.checked ? [...props.value, choice.key] : props.value.filter((k) => k !== choice.key),
                )
              }
            />
            <label htmlFor={`${fieldId(props.path)}-${choice.key}`}>{choice.label}</label>
          </div>
        ))}
      </div>
      <p className="hint" id={`${fieldId(props.path)}-hint`}>
        {props.hint}
      </p>
      <GroupIssues path={props.path} issues={props.issues} rowName="Choice" />
    </fieldset>
  );
}
