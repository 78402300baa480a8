/**
 * Every field of a portfolio item (contracts/content/items.ts `portfolioItem`), as the portfolio
 * page shows them: title, description, image, the 'View Project' link and an optional note.
 * Each shows the API's publish issue for its path under it.
 */
import { BasicFields, PictureField } from "./BasicFields";
import { TextArea, TextField } from "./ContentField";
import type { IssueMap } from "./issue-words";
import type { PortfolioForm } from "./portfolio-form";

export interface PortfolioFieldsProps {
  form: PortfolioForm;
  onForm: (change: (form: PortfolioForm) => PortfolioForm) => void;
  issues: IssueMap;
  /** The portfolio page's address, absolute. */
  url: string;
}

export function PortfolioFields({ form, onForm, issues, url }: PortfolioFieldsProps) {
  const set =
    <K extends keyof PortfolioForm>(key: K) =>
    (value: PortfolioForm[K]) =>
      onForm((f) => ({ ...f, [key]: value }));
  return (
    <>
      <fieldset>
        <legend>The project</legend>
        <BasicFields
          form={form}
          onForm={onForm}
          issues={issues}
          hints={{
            title: "3 to 100 characters: the product's name and what it is.",
            slug: `Lower-case letters, digits and hyphens; it names the project in the console. It is shown on ${url}.`,
          }}
        />
        <TextArea
          path="description"
          label="Description"
          value={form.description}
          onChange={set("description")}
          error={issues.at("description")}
          hint="60 to 400 characters: what was built, for whom, and a figure that shows it works."
        />
      </fieldset>
      <PictureField path="image" label="Image" value={form.image} onChange={set("image")} issues={issues} />
      <TextField
        path="link"
        label="View Project link"
        value={form.link}
        onChange={set("link")}
        error={issues.at("link")}
        hint="A page of this site (“/case-studies/cloud-migration”) or an http or https address."
        maxLength={300}
      />
      <TextArea
        path="note"
        label="Note (optional)"
        value={form.note}
        onChange={set("note")}
        error={issues.at("note")}
        hint="20 to 200 characters, under the description: why the project has no public page."
      />
      <TextField
        path="order"
        label="Place on the page"
        value={form.order}
        onChange={set("order")}
        error={issues.at("order")}
        hint="1 to 99: the lower stands first."
        maxLength={3}
      />
    </>
  );
}
