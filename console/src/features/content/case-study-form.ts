/**
 * A case study's draft as the editor holds it, and back: every field of `caseStudyItem`
 * (contracts/content/items.ts) as form values (strings, rows, choices), kept as typed so that the
 * autosave never loses a half-written field. A draft from the store may lack any field or hold it
 * half-made; the form fills the gaps with empty values.
 */
import type { ImageAnswer } from "@contracts/content/image";
import type { RichTextDoc } from "@contracts/content/rich-text";
import { plainText } from "@contracts/content/rich-text-text";
import type { SeoFieldsDraft } from "@contracts/content/seo";
import { doc, keys, record, seoOf, text } from "./form-values";
import type { ImageFieldValue } from "./images/ImageField";

export interface ResultRow {
  value: string;
  label: string;
}
export interface TeamRow {
  role: string;
  /** As typed; a number when saved. */
  count: string;
}

export interface CaseStudyForm {
  title: string;
  slug: string;
  excerpt: string;
  date: string;
  client: string;
  industry: string;
  category: string;
  challenge: RichTextDoc;
  solution: RichTextDoc;
  results: ResultRow[];
  quote: { text: string; name: string; title: string };
  services: string[];
  technologies: string[];
  team: TeamRow[];
  hero: ImageFieldValue;
  seo: SeoFieldsDraft;
}

export const resultRows = { min: 2, max: 4 } as const;
export const teamRowsMax = 12;

const rows = (value: unknown) => (Array.isArray(value) ? value.map(record) : []);

export function emptyCaseStudy(today: string): CaseStudyForm {
  return formOf({ date: today }, null);
}

/** The form of a stored draft; `heroImage` is the hero's image as the images API answers it (null: none, or gone). */
export function formOf(draft: Record<string, unknown>, heroImage: ImageAnswer | null): CaseStudyForm {
  const quote = record(draft.quote);
  const results = rows(draft.results).map((r) => ({ value: text(r.value), label: text(r.label) }));
  while (results.length < resultRows.min) results.push({ value: "", label: "" });
  return {
    title: text(draft.title),
    slug: text(draft.slug),
    excerpt: text(draft.excerpt),
    date: text(draft.date),
    client: text(draft.client),
    industry: text(draft.industry),
    category: text(draft.category),
    challenge: doc(draft.challenge),
    solution: doc(draft.solution),
    results,
    quote: { text: text(quote.text), name: text(quote.name), title: text(quote.title) },
    services: keys(draft.services),
    technologies: keys(draft.technologies),
    team: rows(draft.team).map((r) => ({
      role: text(r.role),
      count: typeof r.count === "number" ? String(r.count) : text(r.count),
    })),
    hero: { image: heroImage, alt: text(record(draft.hero).alt) },
    seo: seoOf(draft.seo),
  };
}

/**
 * The draft to store. Empty optional parts (a quote with no words, no team) are left out, so the
 * published item does not carry half a quote; a team count that is not a whole number stays as
 * typed, for the publish check to name.
 */
export function draftOf(form: CaseStudyForm): Record<string, unknown> {
  const quoteTyped = form.quote.text || form.quote.name || form.quote.title;
  const team = form.team
    .filter((row) => row.role || row.count)
    .map((row) => ({ role: row.role, count: /^\d+$/.test(row.count.trim()) ? Number(row.count) : row.count }));
  return {
    title: form.title,
    slug: form.slug,
    excerpt: form.excerpt,
    ...(form.date ? { date: form.date } : {}),
    client: form.client,
    industry: form.industry,
    category: form.category,
    challenge: form.challenge,
    solution: form.solution,
    results: form.results,
    ...(quoteTyped ? { quote: form.quote } : {}),
    services: form.services,
    technologies: form.technologies,
    ...(team.length > 0 ? { team } : {}),
    ...(form.hero.image ? { hero: { imageId: form.hero.image.id, alt: form.hero.alt } } : {}),
    seo: form.seo,
  };
}

/** The form as plain text, field by field: what a person copies to keep their words through a conflict. */
export function formText(form: CaseStudyForm): string {
  const lines: [string, string][] = [
    ["Title", form.title],
    ["Address", form.slug],
    ["Summary", form.excerpt],
    ["Client", form.client],
    ["Industry", form.industry],
    ["Category", form.category],
    ["Delivered on", form.date],
    [
      "Results",
      form.results
        .map((r) => `${r.value} ${r.label}`.trim())
        .filter(Boolean)
        .join("; "),
    ],
    ["Quote", [form.quote.text, form.quote.name, form.quote.title].filter(Boolean).join(" — ")],
    ["Services", form.services.join(", ")],
    ["Technologies", form.technologies.join(", ")],
    ["Team", form.team.map((r) => `${r.role} × ${r.count}`).join("; ")],
    ["Hero image alt text", form.hero.alt],
    ["Challenge", plainText(form.challenge)],
    ["Solution", plainText(form.solution)],
    ["Search title", form.seo.title],
    ["Search description", form.seo.description],
  ];
  return lines
    .filter(([, value]) => value)
    .map(([name, value]) => `${name}: ${value}`)
    .join("\n\n");
}
