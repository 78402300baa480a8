/**
 * A case study's repeated rows: the results (figure and what it measures, between the contract's
 * least and most) and the team (role and head count, optional). Each row's issue shows under its
 * field. Apart from CaseStudyFields.tsx to keep it small.
 */
import { FieldError, TextField, fieldId } from "./ContentField";
import { resultRows, teamRowsMax, type CaseStudyForm } from "./case-study-form";
import type { IssueMap } from "./issue-words";

interface RowsProps {
  form: CaseStudyForm;
  onForm: (change: (form: CaseStudyForm) => CaseStudyForm) => void;
  issues: IssueMap;
}

export function ResultsRows({ form, onForm, issues }: RowsProps) {
  return (
    <fieldset aria-describedby={`${fieldId("results")}-hint`}>
      <legend>Results</legend>
      <p className="hint" id={`${fieldId("results")}-hint`}>
        Two to four figures with what they measure, shown at the top of the page and on the home page: “40%” “lower
        infrastructure costs”.
      </p>
      {form.results.map((row, i) => (
        <div className="content-row" key={i}>
          <TextField
            path={`results.${i}.value`}
            label={`Figure ${i + 1}`}
            value={row.value}
            maxLength={12}
            onChange={(value) =>
              onForm((f) => ({ ...f, results: f.results.map((r, j) => (j === i ? { ...r, value } : r)) }))
            }
            error={issues.at(`results.${i}.value`)}
          />
          <TextField
            path={`results.${i}.label`}
            label={`What figure ${i + 1} measures`}
            value={row.label}
            onChange={(label) =>
              onForm((f) => ({ ...f, results: f.results.map((r, j) => (j === i ? { ...r, label } : r)) }))
            }
            error={issues.at(`results.${i}.label`)}
          />
          {form.results.length > resultRows.min && (
            <button
              type="button"
              className="link"
              onClick={() => onForm((f) => ({ ...f, results: f.results.filter((_, j) => j !== i) }))}
            >
              Remove figure {i + 1}
            </button>
          )}
        </div>
      ))}
      {form.results.length < resultRows.max && (
        <button
          type="button"
          onClick={() => onForm((f) => ({ ...f, results: [...f.results, { value: "", label: "" }] }))}
        >
          Add a figure
        </button>
      )}
      <FieldError path="results" error={issues.at("results")} />
    </fieldset>
  );
}

export function TeamRows({ form, onForm, issues }: RowsProps) {
  return (
    <fieldset aria-describedby={`${fieldId("team")}-hint`}>
      <legend>Team (optional)</legend>
      <p className="hint" id={`${fieldId("team")}-hint`}>
        Who worked on it, by role: “DevOps engineer”, 3.
      </p>
      {form.team.map((row, i) => (
        <div className="content-row" key={i}>
          <TextField
            path={`team.${i}.role`}
            label={`Role ${i + 1}`}
            value={row.role}
            onChange={(role) => onForm((f) => ({ ...f, team: f.team.map((r, j) => (j === i ? { ...r, role } : r)) }))}
            error={issues.at(`team.${i}.role`)}
          />
          <TextField
            path={`team.${i}.count`}
            label={`People in role ${i + 1}`}
            value={row.count}
            onChange={(count) => onForm((f) => ({ ...f, team: f.team.map((r, j) => (j === i ? { ...r, count } : r)) }))}
            error={issues.at(`team.${i}.count`)}
          />
          <button
            type="button"
            className="link"
            onClick={() => onForm((f) => ({ ...f, team: f.team.filter((_, j) => j !== i) }))}
          >
            Remove role {i + 1}
          </button>
        </div>
      ))}
      {form.team.length < teamRowsMax && (
        <button type="button" onClick={() => onForm((f) => ({ ...f, team: [...f.team, { role: "", count: "1" }] }))}>
          Add a role
        </button>
      )}
    </fieldset>
  );
}
