/**
 * A team member's draft as the editor holds it, and back: every field of `teamMemberItem`
 * (contracts/content/items.ts), kept as typed so that the autosave never loses a half-written
 * field. The form's `title` is the person's name (the edit page's heading); the order is typed.
 */
import type { ImageAnswer } from "@contracts/content/image";
import { record, text } from "./form-values";
import type { ImageFieldValue } from "./images/ImageField";

export interface TeamForm {
  /** The person's name. */
  title: string;
  slug: string;
  position: string;
  bio: string;
  photo: ImageFieldValue;
  linkedin: string;
  /** As typed; a number when saved. */
  order: string;
}

export function teamFormOf(draft: Record<string, unknown>, photo: ImageAnswer | null): TeamForm {
  return {
    title: text(draft.name),
    slug: text(draft.slug),
    position: text(draft.position),
    bio: text(draft.bio),
    photo: { image: photo, alt: text(record(draft.photo).alt) },
    linkedin: text(draft.linkedin),
    order: typeof draft.order === "number" ? String(draft.order) : "",
  };
}

export const emptyTeamMember = (): TeamForm => teamFormOf({}, null);

/** A typed whole number, or the words as typed (the publish check then names the field). */
export const orderOf = (typed: string): number | string => (/^\d{1,3}$/.test(typed.trim()) ? Number(typed) : typed);

export function teamDraftOf(form: TeamForm): Record<string, unknown> {
  return {
    slug: form.slug,
    name: form.title,
    position: form.position,
    bio: form.bio,
    ...(form.photo.image ? { photo: { imageId: form.photo.image.id, alt: form.photo.alt } } : {}),
    // No profile is no field: the schema takes an absent link, not an empty one.
    ...(form.linkedin.trim() ? { linkedin: form.linkedin.trim() } : {}),
    ...(form.order.trim() ? { order: orderOf(form.order) } : {}),
  };
}

export function teamText(form: TeamForm): string {
  const lines: [string, string][] = [
    ["Name", form.title],
    ["Address", form.slug],
    ["Position", form.position],
    ["Bio", form.bio],
    ["Photo alt text", form.photo.alt],
    ["LinkedIn", form.linkedin],
    ["Place on the page", form.order],
  ];
  return lines
    .filter(([, value]) => value)
    .map(([name, value]) => `${name}: ${value}`)
    .join("\n\n");
}
