/**
 * An insight's draft as the editor holds it, and back: every field of `insightItem`
 * (contracts/content/items.ts) as form values, kept as typed so that the autosave never loses a
 * half-written field. Tags are typed as one line, split by commas into the list the store keeps.
 */
import type { ImageAnswer } from "@contracts/content/image";
import type { RichTextDoc } from "@contracts/content/rich-text";
import { plainText } from "@contracts/content/rich-text-text";
import type { SeoFieldsDraft } from "@contracts/content/seo";
import { doc, keys, record, seoOf, text } from "./form-values";
import type { ImageFieldValue } from "./images/ImageField";

export interface InsightForm {
  title: string;
  slug: string;
  excerpt: string;
  date: string;
  author: { name: string; title: string };
  /** "Platform engineering, Kubernetes": as typed. */
  tags: string;
  hero: ImageFieldValue;
  body: RichTextDoc;
  seo: SeoFieldsDraft;
}

export function emptyInsight(today: string): InsightForm {
  return insightFormOf({ date: today }, null);
}

/** The form of a stored draft; `heroImage` is the hero's image as the images API answers it (null: none, or gone). */
export function insightFormOf(draft: Record<string, unknown>, heroImage: ImageAnswer | null): InsightForm {
  const author = record(draft.author);
  return {
    title: text(draft.title),
    slug: text(draft.slug),
    excerpt: text(draft.excerpt),
    date: text(draft.date),
    author: { name: text(author.name), title: text(author.title) },
    tags: keys(draft.tags).join(", "),
    hero: { image: heroImage, alt: text(record(draft.hero).alt) },
    body: doc(draft.body),
    seo: seoOf(draft.seo),
  };
}

/** The tags of the typed line: split by commas, trimmed, empty ones dropped (the publish check names the rest). */
export function tagsOf(line: string): string[] {
  return line
    .split(",")
    .map((t) => t.trim())
    .filter(Boolean);
}

export function insightDraftOf(form: InsightForm): Record<string, unknown> {
  return {
    title: form.title,
    slug: form.slug,
    excerpt: form.excerpt,
    ...(form.date ? { date: form.date } : {}),
    author: form.author,
    tags: tagsOf(form.tags),
    ...(form.hero.image ? { hero: { imageId: form.hero.image.id, alt: form.hero.alt } } : {}),
    body: form.body,
    seo: form.seo,
  };
}

/** The form as plain text, field by field: what a person copies to keep their words through a conflict. */
export function insightText(form: InsightForm): string {
  const lines: [string, string][] = [
    ["Title", form.title],
    ["Address", form.slug],
    ["Summary", form.excerpt],
    ["Dated", form.date],
    ["Author", [form.author.name, form.author.title].filter(Boolean).join(", ")],
    ["Tags", form.tags],
    ["Hero image alt text", form.hero.alt],
    ["Article", plainText(form.body)],
    ["Search title", form.seo.title],
    ["Search description", form.seo.description],
  ];
  return lines
    .filter(([, value]) => value)
    .map(([name, value]) => `${name}: ${value}`)
    .join("\n\n");
}
