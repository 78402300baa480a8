/**
 * Every field of a case study (contracts/content/items.ts `caseStudyItem`), grouped as the page
 * shows them: the story, the figures and the quote, the tags, the team, the hero image, the
 * challenge and solution in the rich-text editor, and the search fields. Each shows the API's
 * publish issue for its path under it.
 */
import type { RichTextDoc } from "@contracts/content/rich-text";
import { serviceChoices, technologyChoices, type SiteKeyChoice } from "@contracts/content/site-keys";
import { LazyRichTextEditor } from "./editor/LazyRichTextEditor";
import { ImageField } from "./images/ImageField";
import { SeoFields } from "./seo/SeoFields";
import { FieldError, TextArea, TextField, fieldId } from "./ContentField";
import { resultRows, teamRowsMax, type CaseStudyForm } from "./case-study-form";
import type { IssueMap } from "./issue-words";

export interface CaseStudyFieldsProps {
  form: CaseStudyForm;
  onForm: (change: (form: CaseStudyForm) => CaseStudyForm) => void;
  issues: IssueMap;
  /** Changes when the page loads another version: the rich-text editors read their value once. */
  editorKey: string;
  /** The item's address on the site, absolute (the snippet preview). */
  url: string;
  /** A rich-text body's pause in typing: the page saves what waits. */
  onBodyPause: () => Promise<void>;
}

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

function Choices(props: {
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

export function CaseStudyFields({ form, onForm, issues, editorKey, url, onBodyPause }: CaseStudyFieldsProps) {
  const set =
    <K extends keyof CaseStudyForm>(key: K) =>
    (value: CaseStudyForm[K]) =>
      onForm((f) => ({ ...f, [key]: value }));
  const body = (key: "challenge" | "solution", label: string) => (
    <div className="field">
      <p className="content-label" id={`${fieldId(key)}-label`}>
        {label}
      </p>
      <LazyRichTextEditor
        key={`${editorKey}-${key}`}
        value={form[key]}
        label={label}
        onChange={(doc: RichTextDoc) => onForm((f) => ({ ...f, [key]: doc }))}
        onAutosave={onBodyPause}
      />
      <FieldError path={key} error={issues.at(key)} />
    </div>
  );
  const heroError = issues.at("hero") ?? issues.at("hero.imageId") ?? issues.at("hero.alt");

  return (
    <>
      <fieldset>
        <legend>The story</legend>
        <TextField
          path="title"
          label="Title"
          value={form.title}
          onChange={set("title")}
          error={issues.at("title")}
          hint="10 to 120 characters: what was done and what it changed."
          maxLength={200}
        />
        <TextField
          path="slug"
          label="Address"
          value={form.slug}
          onChange={(slug) => onForm((f) => ({ ...f, slug: slug.toLowerCase() }))}
          error={issues.at("slug")}
          hint={`Lower-case letters, digits and hyphens; the page is at ${url}. Changing it after publishing leaves a redirect from the old address.`}
          maxLength={100}
        />
        <TextArea
          path="excerpt"
          label="Summary"
          value={form.excerpt}
          onChange={set("excerpt")}
          error={issues.at("excerpt")}
          hint="50 to 320 characters, shown on the list and the home page."
        />
        <div className="role-grid">
          <TextField
            path="client"
            label="Client"
            value={form.client}
            onChange={set("client")}
            error={issues.at("client")}
            hint="By industry, never by name: “A European logistics group”."
          />
          <TextField
            path="industry"
            label="Industry"
            value={form.industry}
            onChange={set("industry")}
            error={issues.at("industry")}
            hint="“Logistics”, “Insurance”."
          />
          <TextField
            path="category"
            label="Category"
            value={form.category}
            onChange={set("category")}
            error={issues.at("category")}
            hint="The category page it is listed under: “Cloud”, “AI”, “Mobile App”."
          />
          <TextField
            path="date"
            label="Delivered on"
            type="date"
            value={form.date}
            onChange={set("date")}
            error={issues.at("date")}
            hint="Orders the list, newest first."
          />
        </div>
      </fieldset>

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

      <fieldset>
        <legend>Quote (optional)</legend>
        <TextArea
          path="quote.text"
          label="What the client said"
          value={form.quote.text}
          onChange={(text) => onForm((f) => ({ ...f, quote: { ...f.quote, text } }))}
          error={issues.at("quote.text")}
        />
        <div className="role-grid">
          <TextField
            path="quote.name"
            label="Who said it"
            value={form.quote.name}
            onChange={(name) => onForm((f) => ({ ...f, quote: { ...f.quote, name } }))}
            error={issues.at("quote.name")}
            hint="A first name and an initial, or a role: “Tomasz W.”."
          />
          <TextField
            path="quote.title"
            label="Their position"
            value={form.quote.title}
            onChange={(title) => onForm((f) => ({ ...f, quote: { ...f.quote, title } }))}
            error={issues.at("quote.title")}
            hint="“Head of Platform Engineering”."
          />
        </div>
      </fieldset>

      <Choices
        path="services"
        legend="Services"
        hint="The service pages that list this case study."
        choices={serviceChoices}
        value={form.services}
        onChange={set("services")}
        issues={issues}
      />
      <Choices
        path="technologies"
        legend="Technologies"
        hint="The stack shown on the page; each technology's page lists it."
        choices={technologyChoices}
        value={form.technologies}
        onChange={set("technologies")}
        issues={issues}
      />

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
              onChange={(count) =>
                onForm((f) => ({ ...f, team: f.team.map((r, j) => (j === i ? { ...r, count } : r)) }))
              }
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

      <ImageField id={fieldId("hero")} label="Hero image" value={form.hero} onChange={set("hero")} error={heroError} />

      {body("challenge", "Challenge")}
      {body("solution", "Solution")}

      <SeoFields value={form.seo} onChange={set("seo")} url={url} siteName="Altiva Cloud" />
      {(["seo.title", "seo.description"] as const).map((path) => (
        <FieldError
          key={path}
          path={path}
          error={
            issues.at(path) && `${path === "seo.title" ? "Search title" : "Search description"}: ${issues.at(path)}`
          }
        />
      ))}
    </>
  );
}
