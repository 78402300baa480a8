/**
 * Every field of a case study (contracts/content/items.ts `caseStudyItem`), grouped as the page
 * shows them: the story, the figures and the quote, the tags, the team, the hero image, the
 * challenge and solution in the rich-text editor, and the search fields. Each shows the API's
 * publish issue for its path under it.
 */
import type { RichTextDoc } from "@contracts/content/rich-text";
import { serviceChoices, technologyChoices } from "@contracts/content/site-keys";
import { LazyRichTextEditor } from "./editor/LazyRichTextEditor";
import { BasicFields, PictureField } from "./BasicFields";
import { SeoFields } from "./seo/SeoFields";
import { FieldError, TextArea, TextField, fieldId } from "./ContentField";
import type { CaseStudyForm } from "./case-study-form";
import { Choices } from "./CaseStudyChoices";
import { ResultsRows, TeamRows } from "./CaseStudyRows";
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

  return (
    <>
      <fieldset>
        <legend>The story</legend>
        <BasicFields
          form={form}
          onForm={onForm}
          issues={issues}
          hints={{
            title: "10 to 120 characters: what was done and what it changed.",
            slug: `Lower-case letters, digits and hyphens; the page is at ${url}. Changing it after publishing leaves a redirect from the old address.`,
            summary: "50 to 320 characters, shown on the list and the home page.",
          }}
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

      <ResultsRows form={form} onForm={onForm} issues={issues} />

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

      <TeamRows form={form} onForm={onForm} issues={issues} />

      <PictureField path="hero" label="Hero image" value={form.hero} onChange={set("hero")} issues={issues} />

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
