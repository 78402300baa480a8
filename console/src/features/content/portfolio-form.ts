/**
 * A portfolio item's draft as the editor holds it, and back: every field of `portfolioItem`
 * (contracts/content/items.ts), kept as typed so that the autosave never loses a half-written field.
 */
import type { ImageAnswer } from "@contracts/content/image";
import { record, text } from "./form-values";
import type { ImageFieldValue } from "./images/ImageField";
import { orderOf } from "./team-form";

export interface PortfolioForm {
  title: string;
  slug: string;
  description: string;
  image: ImageFieldValue;
  link: string;
  note: string;
  /** As typed; a number when saved. */
  order: string;
}

export function portfolioFormOf(draft: Record<string, unknown>, image: ImageAnswer | null): PortfolioForm {
  return {
    title: text(draft.title),
    slug: text(draft.slug),
    description: text(draft.description),
    image: { image, alt: text(record(draft.image).alt) },
    link: text(draft.link),
    note: text(draft.note),
    order: typeof draft.order === "number" ? String(draft.order) : "",
  };
}

export const emptyPortfolioItem = (): PortfolioForm => portfolioFormOf({}, null);

export function portfolioDraftOf(form: PortfolioForm): Record<string, unknown> {
  return {
    slug: form.slug,
    title: form.title,
    description: form.description,
    ...(form.image.image ? { image: { imageId: form.image.image.id, alt: form.image.alt } } : {}),
    link: form.link.trim(),
    // No note is no field: the schema takes an absent note, not an empty one.
    ...(form.note.trim() ? { note: form.note } : {}),
    ...(form.order.trim() ? { order: orderOf(form.order) } : {}),
  };
}

export function portfolioText(form: PortfolioForm): string {
  const lines: [string, string][] = [
    ["Title", form.title],
    ["Address", form.slug],
    ["Description", form.description],
    ["Image alt text", form.image.alt],
    ["View Project link", form.link],
    ["Note", form.note],
    ["Place on the page", form.order],
  ];
  return lines
    .filter(([, value]) => value)
    .map(([name, value]) => `${name}: ${value}`)
    .join("\n\n");
}
