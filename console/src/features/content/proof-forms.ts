/**
 * The proof blocks' drafts as the editor holds them, and back (contracts/content/items.ts
 * `testimonialItem`, `clientLogoItem`, `partnerBadgeItem`; decision 079): every field kept as
 * typed, so the autosave never loses a half-written one; the year as typed, sent as a number once
 * it is one. A testimonial's `title` is the person's position (its schema's name for it).
 */
import type { ImageAnswer } from "@contracts/content/image";
import { record, text } from "./form-values";
import type { ImageFieldValue } from "./images/ImageField";

/** The lines of a form as plain text: what a person copies to keep their words through a conflict. */
const asText = (lines: [string, string][]) =>
  lines
    .filter(([, value]) => value)
    .map(([name, value]) => `${name}: ${value}`)
    .join("\n\n");

const imageOf = (value: unknown, image: ImageAnswer | null): ImageFieldValue => ({
  image,
  alt: text(record(value).alt),
});
const referenceOf = (value: ImageFieldValue) => (value.image ? { imageId: value.image.id, alt: value.alt } : undefined);

export interface TestimonialForm {
  slug: string;
  text: string;
  name: string;
  /** Their position at the client. */
  title: string;
  client: string;
  caseStudy: string;
}

export const testimonialForms = {
  empty: (): TestimonialForm => testimonialForms.formOf({}),
  formOf: (draft: Record<string, unknown>): TestimonialForm => ({
    slug: text(draft.slug),
    text: text(draft.text),
    name: text(draft.name),
    title: text(draft.title),
    client: text(draft.client),
    caseStudy: text(draft.caseStudy),
  }),
  draftOf: ({ caseStudy, ...form }: TestimonialForm): Record<string, unknown> => ({
    ...form,
    ...(caseStudy.trim() ? { caseStudy: caseStudy.trim() } : {}),
  }),
  formText: (f: TestimonialForm) =>
    asText([
      ["Words", f.text],
      ["Who", [f.name, f.title].filter(Boolean).join(", ")],
      ["Client", f.client],
      ["Case study", f.caseStudy],
    ]),
};

export interface ClientLogoForm {
  title: string;
  slug: string;
  logo: ImageFieldValue;
  industry: string;
  grantedBy: string;
  grantedOn: string;
}

export const clientLogoForms = {
  empty: () => clientLogoForms.formOf({}, null),
  formOf: (draft: Record<string, unknown>, image: ImageAnswer | null): ClientLogoForm => {
    const permission = record(draft.permission);
    return {
      title: text(draft.title),
      slug: text(draft.slug),
      logo: imageOf(draft.logo, image),
      industry: text(draft.industry),
      grantedBy: text(permission.grantedBy),
      grantedOn: text(permission.grantedOn),
    };
  },
  draftOf: (f: ClientLogoForm): Record<string, unknown> => {
    const logo = referenceOf(f.logo);
    return {
      title: f.title,
      slug: f.slug,
      ...(logo ? { logo } : {}),
      industry: f.industry,
      // No permission typed, none sent: the publish check then names the missing permission.
      ...(f.grantedBy || f.grantedOn ? { permission: { grantedBy: f.grantedBy, grantedOn: f.grantedOn } } : {}),
    };
  },
  formText: (f: ClientLogoForm) =>
    asText([
      ["Client", f.title],
      ["Industry", f.industry],
      ["Logo alt text", f.logo.alt],
      ["Permission given by", f.grantedBy],
      ["Permission given on", f.grantedOn],
    ]),
};

export interface PartnerBadgeForm {
  title: string;
  slug: string;
  badge: ImageFieldValue;
  evidence: string;
  since: string;
}

export const partnerBadgeForms = {
  empty: () => partnerBadgeForms.formOf({}, null),
  formOf: (draft: Record<string, unknown>, image: ImageAnswer | null): PartnerBadgeForm => ({
    title: text(draft.title),
    slug: text(draft.slug),
    badge: imageOf(draft.badge, image),
    evidence: text(draft.evidence),
    since: typeof draft.since === "number" ? String(draft.since) : text(draft.since),
  }),
  draftOf: (f: PartnerBadgeForm): Record<string, unknown> => {
    const badge = referenceOf(f.badge);
    const year = /^\d{4}$/.test(f.since.trim()) ? Number(f.since.trim()) : f.since;
    return { title: f.title, slug: f.slug, ...(badge ? { badge } : {}), evidence: f.evidence, since: year };
  },
  formText: (f: PartnerBadgeForm) =>
    asText([
      ["Programme", f.title],
      ["Directory entry", f.evidence],
      ["Member since", f.since],
      ["Badge alt text", f.badge.alt],
    ]),
};
