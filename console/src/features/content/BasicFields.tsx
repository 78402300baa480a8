/**
 * The fields every collection's editor opens with (its name or title, its address, its summary)
 * and its one picture, with the words each collection gives them: the hints say what the field is
 * for on that collection's page (decision 078). Each shows the API's publish issue for its path.
 */
import { ImageField, type ImageFieldValue } from "./images/ImageField";
import { TextArea, TextField, fieldId } from "./ContentField";
import type { IssueMap } from "./issue-words";

export interface BasicForm {
  title: string;
  slug: string;
  excerpt?: string;
}

export interface BasicFieldsProps<F extends BasicForm> {
  form: F;
  onForm: (change: (form: F) => F) => void;
  issues: IssueMap;
  hints: {
    title: string;
    /** What the address is: where the item's page is, or that it only names the item. */
    slug: string;
    /** Given: the summary field is shown, with this hint. */
    summary?: string;
  };
  /** The title's label and its path in the stored item: "Name" at "name" for a person. */
  titleField?: { label: string; path: string };
}

export function BasicFields<F extends BasicForm>({
  form,
  onForm,
  issues,
  hints,
  titleField = { label: "Title", path: "title" },
}: BasicFieldsProps<F>) {
  return (
    <>
      <TextField
        path={titleField.path}
        label={titleField.label}
        value={form.title}
        onChange={(title) => onForm((f) => ({ ...f, title }))}
        error={issues.at(titleField.path)}
        hint={hints.title}
        maxLength={200}
      />
      <TextField
        path="slug"
        label="Address"
        value={form.slug}
        onChange={(slug) => onForm((f) => ({ ...f, slug: slug.toLowerCase() }))}
        error={issues.at("slug")}
        hint={hints.slug}
        maxLength={100}
      />
      {hints.summary !== undefined && (
        <TextArea
          path="excerpt"
          label="Summary"
          value={form.excerpt ?? ""}
          onChange={(excerpt) => onForm((f) => ({ ...f, excerpt }))}
          error={issues.at("excerpt")}
          hint={hints.summary}
        />
      )}
    </>
  );
}

/** An item's picture (a hero, a photo, a project's image): the image field with alt text required. */
export function PictureField({
  path,
  label,
  value,
  onChange,
  issues,
}: {
  path: "hero" | "photo" | "image";
  label: string;
  value: ImageFieldValue;
  onChange: (value: ImageFieldValue) => void;
  issues: IssueMap;
}) {
  const error = issues.at(path) ?? issues.at(`${path}.imageId`) ?? issues.at(`${path}.alt`);
  return <ImageField id={fieldId(path)} label={label} value={value} onChange={onChange} error={error} />;
}
