/**
 * Every field of an insight (contracts/content/items.ts `insightItem`), grouped as the page shows
 * them: the title, address, summary and date; the byline; the tags; the hero image; the article
 * in the rich-text editor; the search fields. Each shows the API's publish issue for its path under it.
 */
import type { RichTextDoc } from "@contracts/content/rich-text";
import { LazyRichTextEditor } from "./editor/LazyRichTextEditor";
import { BasicFields, PictureField } from "./BasicFields";
import { SeoFields } from "./seo/SeoFields";
import { FieldError, TextField, fieldId } from "./ContentField";
import type { InsightForm } from "./insight-form";
import type { IssueMap } from "./issue-words";

export interface InsightFieldsProps {
  form: InsightForm;
  onForm: (change: (form: InsightForm) => InsightForm) => void;
  issues: IssueMap;
  /** Changes when the page loads another version: the rich-text editor reads its value once. */
  editorKey: string;
  /** The item's address on the site, absolute (the snippet preview). */
  url: string;
  /** The article's pause in typing: the page saves what waits. */
  onBodyPause: () => Promise<void>;
}

/** The first issue under a path or any of its parts ("tags" or "tags.1"). */
function firstIssue(issues: IssueMap, path: string): string | undefined {
  return issues.at(path) ?? issues.under(path)[0]?.[1];
}

export function InsightFields({ form, onForm, issues, editorKey, url, onBodyPause }: InsightFieldsProps) {
  const set =
    <K extends keyof InsightForm>(key: K) =>
    (value: InsightForm[K]) =>
      onForm((f) => ({ ...f, [key]: value }));

  return (
    <>
      <fieldset>
        <legend>The article</legend>
        <BasicFields
          form={form}
          onForm={onForm}
          issues={issues}
          hints={{
            title: "10 to 120 characters: the question the article answers or what it found.",
            slug: `Lower-case letters, digits and hyphens; the page is at ${url}. Changing it after publishing leaves a redirect from the old address.`,
            summary: "50 to 300 characters, shown on the Insights list, the tag pages and the feed.",
          }}
        />
        <TextField
          path="date"
          label="Dated"
          type="date"
          value={form.date}
          onChange={set("date")}
          error={issues.at("date")}
          hint="The byline's date; orders the list, newest first."
        />
      </fieldset>

      <fieldset>
        <legend>Byline</legend>
        <div className="role-grid">
          <TextField
            path="author.name"
            label="Author"
            value={form.author.name}
            onChange={(name) => onForm((f) => ({ ...f, author: { ...f.author, name } }))}
            error={issues.at("author.name")}
            hint="Their name as the team page gives it: “Priya Raman”."
          />
          <TextField
            path="author.title"
            label="Their position"
            value={form.author.title}
            onChange={(title) => onForm((f) => ({ ...f, author: { ...f.author, title } }))}
            error={issues.at("author.title")}
            hint="As the team page gives it: “Chief Executive Officer”."
          />
        </div>
      </fieldset>

      <TextField
        path="tags"
        label="Tags"
        value={form.tags}
        onChange={set("tags")}
        error={firstIssue(issues, "tags")}
        hint="One to six, split by commas: “Platform engineering, Kubernetes”. Each tag has a page listing its articles."
        maxLength={300}
      />

      <PictureField path="hero" label="Hero image" value={form.hero} onChange={set("hero")} issues={issues} />

      <div className="field">
        <p className="content-label" id={`${fieldId("body")}-label`}>
          Article
        </p>
        <LazyRichTextEditor
          key={`${editorKey}-body`}
          value={form.body}
          label="Article"
          onChange={(body: RichTextDoc) => onForm((f) => ({ ...f, body }))}
          onAutosave={onBodyPause}
        />
        <FieldError path="body" error={issues.at("body")} />
      </div>

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
