/**
 * Marketing's collections as the content store keeps them (issue 41, docs/decisions/065): each
 * collection's item schema, which the server checks before an item goes live, and the wire
 * schemas of the console's content API (/admin/api/content/<collection>). A new collection is one
 * entry of `contentCollections`.
 *
 * A draft is kept as written, half-finished fields and all (autosave must never lose words): it
 * is any object of the collection's fields with a valid slug. Publishing, scheduling and
 * previewing parse it with the full schema and refuse it with the issues until it passes.
 */
import { z } from "zod";
import { imageReference } from "./image";
import { richTextDoc } from "./rich-text";
import { seoFields } from "./seo";

export const itemStatuses = ["draft", "scheduled", "published", "unpublished"] as const;
export type ItemStatus = (typeof itemStatuses)[number];

/** "byline": an insight's byline followed its author's new name or position (decision 081). */
export const revisionActions = ["publish", "restore", "unpublish", "byline"] as const;
export type RevisionAction = (typeof revisionActions)[number];

/** An address segment: lower-case letters, digits and single hyphens. */
export const contentSlug = z
  .string()
  .min(2)
  .max(100)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "The address may hold lower-case letters, digits and single hyphens.");

/** A key of the site's services or technologies (app/content/services.ts, technologies.ts). */
const siteKey = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/)
  .max(60);

/** A case study: the fields issue 41 lists, named as s41-shared.md fixes them for the site side. */
export const caseStudyItem = z.strictObject({
  title: z.string().trim().min(10).max(120),
  slug: contentSlug,
  excerpt: z.string().trim().min(50).max(320),
  /** When the work was delivered (YYYY-MM-DD): the list's order and the page's date. */
  date: z.iso.date(),
  /** Who, by industry, never a name: "A European logistics group". */
  client: z.string().trim().min(3).max(120),
  industry: z.string().trim().min(3).max(60),
  /** The category pages' name for it ("Cloud", "Mobile App"). */
  category: z.string().trim().min(2).max(40),
  challenge: richTextDoc,
  solution: richTextDoc,
  /** The figures at the top of the page and on the home page. */
  results: z
    .array(z.strictObject({ value: z.string().trim().min(1).max(12), label: z.string().trim().min(3).max(80) }))
    .min(2)
    .max(4),
  quote: z
    .strictObject({
      text: z.string().trim().min(20).max(600),
      /** A first name and an initial, or a role: never an invented full name. */
      name: z.string().trim().min(2).max(80),
      title: z.string().trim().min(2).max(120),
    })
    .optional(),
  services: z.array(siteKey).max(8),
  technologies: z.array(siteKey).max(20),
  team: z
    .array(z.strictObject({ role: z.string().trim().min(2).max(60), count: z.number().int().min(1).max(99) }))
    .max(12)
    .optional(),
  hero: imageReference,
  seo: seoFields,
});
export type CaseStudyItem = z.infer<typeof caseStudyItem>;

/** An insight's tag as shown ("Cloud migration"); its page is /insights/tag/<it in lower case, dashed>. */
const insightTag = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9]+(?:[ -][A-Za-z0-9]+)*$/, "A tag holds letters and digits, words split by one space or dash.")
  .max(40);

/**
 * An insight: an article by one of the team (app/content/schemas.ts' insightSchema on the site,
 * decision 069). The byline is a person's name and position as the team page gives them.
 */
export const insightItem = z.strictObject({
  title: z.string().trim().min(10).max(120),
  slug: contentSlug,
  excerpt: z.string().trim().min(50).max(300),
  /** The day it is dated (YYYY-MM-DD): the list's order, the byline and the feed's date. */
  date: z.iso.date(),
  author: z.strictObject({
    name: z.string().trim().min(3).max(80),
    title: z.string().trim().min(3).max(80),
  }),
  tags: z
    .array(insightTag)
    .min(1)
    .max(6)
    .refine((list) => new Set(list.map((t) => t.toLowerCase())).size === list.length, "A tag is named twice."),
  hero: imageReference,
  body: richTextDoc,
  seo: seoFields,
});
export type InsightItem = z.infer<typeof insightItem>;

/** A person on the team page: the team as marketing keeps it (issue 41). */
export const teamMemberItem = z.strictObject({
  slug: contentSlug,
  name: z.string().trim().min(3).max(80),
  position: z.string().trim().min(3).max(80),
  bio: z.string().trim().min(60).max(600),
  /** A square crop of the photo is what the page shows; its alt names the person. */
  photo: imageReference,
  linkedin: z
    .url({ protocol: /^https$/, hostname: /^([a-z]{2,3}\.)?linkedin\.com$/ })
    .max(200)
    .optional(),
  /** Where the person stands on the page: the lower first. */
  order: z.number().int().min(1).max(99),
});
export type TeamMemberItem = z.infer<typeof teamMemberItem>;

/** Where a portfolio item's 'View Project' leads: a page of this site ("/case-studies/…"), or an http(s) address. */
const projectLink = z
  .string()
  .trim()
  .max(300)
  .refine(
    (link) => /^\/(?!\/)[A-Za-z0-9\-/._~#?=&%]*$/.test(link) || /^https?:\/\/[^\s/]+(\/\S*)?$/i.test(link),
    "The link must be a page of this site (starting with /) or an http or https address.",
  );

/** A project on the portfolio page (the spec: "title, description, image, link"; issue 41). */
export const portfolioItem = z.strictObject({
  slug: contentSlug,
  title: z.string().trim().min(3).max(100),
  description: z.string().trim().min(60).max(400),
  /** Drawn as a 16:9 band at the card's top. */
  image: imageReference,
  link: projectLink,
  /** Said under the description when the project has no public page (a client's confidentiality). */
  note: z.string().trim().min(20).max(200).optional(),
  /** Where it stands on the page: the lower first. */
  order: z.number().int().min(1).max(99),
});
export type PortfolioItem = z.infer<typeof portfolioItem>;

/**
 * A client's words as a proof block (the home page's testimonial, issue 41): who by first name
 * and initial or role, never an invented full name; the client by industry, as case studies say.
 */
export const testimonialItem = z.strictObject({
  slug: contentSlug,
  text: z.string().trim().min(40).max(400),
  name: z.string().trim().min(2).max(40),
  title: z.string().trim().min(3).max(80),
  client: z.string().trim().min(10).max(80),
  /** The case study it comes from, if any: its slug. */
  caseStudy: contentSlug.optional(),
});
export type TestimonialItem = z.infer<typeof testimonialItem>;

/**
 * A partner badge: a programme the company is a member of, with the badge the programme issued.
 * `evidence` is where anyone can check the membership (the programme's own directory): a badge
 * nobody can check is not proof.
 */
export const partnerBadgeItem = z.strictObject({
  slug: contentSlug,
  title: z.string().trim().min(5).max(100),
  badge: imageReference,
  evidence: z.url({ protocol: /^https$/ }).max(300),
  /** The year the membership was granted or last renewed. */
  since: z.number().int().min(2000).max(2100),
});
export type PartnerBadgeItem = z.infer<typeof partnerBadgeItem>;

/**
 * A client's logo in the logo strip. Only with the client's written permission, recorded by who
 * gave it and when: the issue forbids logos of companies that have not agreed (and invented ones).
 */
export const clientLogoItem = z.strictObject({
  slug: contentSlug,
  /** The client's name, as the client writes it. */
  title: z.string().trim().min(2).max(80),
  logo: imageReference,
  industry: z.string().trim().min(3).max(60),
  permission: z.strictObject({
    /** The role of the person at the client who agreed (no name: content holds no personal data). */
    grantedBy: z.string().trim().min(3).max(80),
    grantedOn: z.iso.date(),
  }),
});
export type ClientLogoItem = z.infer<typeof clientLogoItem>;

interface CollectionEntry {
  /** How the console and the audit log name one item ("case study"). */
  label: string;
  schema: z.ZodObject;
  /** The site's address of an item, or of the page that shows it (a team member's is /team). */
  path: (slug: string) => string;
  /** Whether each item has a page of its own: only then does a slug change leave a 301 behind. */
  itemPages: boolean;
}

export const contentCollections = {
  "case-studies": {
    label: "case study",
    schema: caseStudyItem,
    path: (slug: string) => `/case-studies/${slug}`,
    itemPages: true,
  },
  insights: {
    label: "insight",
    schema: insightItem,
    path: (slug: string) => `/insights/${slug}`,
    itemPages: true,
  },
  team: {
    label: "team member",
    schema: teamMemberItem,
    path: () => "/team",
    itemPages: false,
  },
  portfolio: {
    label: "portfolio item",
    schema: portfolioItem,
    path: () => "/portfolio",
    itemPages: false,
  },
  testimonials: {
    label: "testimonial",
    schema: testimonialItem,
    path: () => "/",
    itemPages: false,
  },
  "partner-badges": {
    label: "partner badge",
    schema: partnerBadgeItem,
    path: () => "/",
    itemPages: false,
  },
  "client-logos": {
    label: "client logo",
    schema: clientLogoItem,
    path: () => "/",
    itemPages: false,
  },
} as const satisfies Record<string, CollectionEntry>;
export type CollectionName = keyof typeof contentCollections;
export const collectionNames = Object.keys(contentCollections) as CollectionName[];

/**
 * How the console names an item (its list, its editor's heading and tab) and what a new item's
 * address follows until one is typed: its title; a team member's name; a testimonial's person and
 * position, since two testimonials from one position ("Operations Director") are told apart by who
 * said them. Empty while the draft has none of it.
 */
export function itemName(collection: CollectionName, data: Record<string, unknown>): string {
  const words = (...keys: string[]) =>
    keys
      .map((k) => data[k])
      .filter((v): v is string => typeof v === "string" && v.trim() !== "")
      .map((v) => v.trim())
      .join(", ");
  if (collection === "team") return words("name");
  if (collection === "testimonials") return words("name", "title");
  return words("title");
}

export function isCollection(name: unknown): name is CollectionName {
  return typeof name === "string" && Object.hasOwn(contentCollections, name);
}

/** Nesting a draft may hold: a rich-text body at its deepest (12) inside its field is far below it. */
export const maxDraftDepth = 64;

/**
 * Measures the draft's nesting with a stack of its own before z.json() walks it recursively: a
 * body nested thousands deep (a few kilobytes) would overflow that walk and answer 500, not 400.
 */
function withinDraftDepth(value: unknown, ctx: z.RefinementCtx): void {
  const stack: { node: unknown; depth: number }[] = [{ node: value, depth: 0 }];
  while (stack.length > 0) {
    const { node, depth } = stack.pop()!;
    if (typeof node !== "object" || node === null) continue;
    if (depth > maxDraftDepth) {
      ctx.addIssue({ code: "custom", message: `A draft may nest ${maxDraftDepth} levels at most.` });
      return;
    }
    for (const child of Object.values(node)) stack.push({ node: child, depth: depth + 1 });
  }
}

/** A draft of a collection: any of its fields, as typed so far, with a valid slug. */
export function draftSchema(collection: CollectionName) {
  const keys = Object.keys(contentCollections[collection].schema.shape) as [string, ...string[]];
  return z
    .unknown()
    .superRefine(withinDraftDepth)
    .pipe(
      z
        .partialRecord(z.enum(keys), z.json())
        .and(z.object({ slug: contentSlug, title: z.string().max(200).optional() }))
        .refine((data) => JSON.stringify(data).length <= 256_000, "A draft holds at most 256,000 characters."),
    );
}
export type DraftData = { slug: string; title?: string } & Record<string, unknown>;

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

/** Every change names the version the person opened: a stale one answers 409 (`conflictAnswer`). */
export const versionRequest = z.strictObject({ version: z.number().int().min(1) });
export const createRequest = z.strictObject({ data: z.record(z.string(), z.unknown()) });
export const saveRequest = z.strictObject({
  version: z.number().int().min(1),
  data: z.record(z.string(), z.unknown()),
});
export const scheduleRequest = z.strictObject({ version: z.number().int().min(1), publishAt: z.iso.datetime() });
export const restoreRequest = z.strictObject({ version: z.number().int().min(1), revision: z.number().int().min(1) });

// ---------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------

/** A person named in an item or its history; `name` null: the person has been removed since. */
export const staffRef = z.strictObject({ id: z.number().int(), name: z.string().nullable() }).nullable();

export const itemAnswer = z.strictObject({
  id: z.number().int(),
  collection: z.string(),
  slug: z.string(),
  /** Where the site shows it now; null while it is not live. */
  liveSlug: z.string().nullable(),
  status: z.enum(itemStatuses),
  version: z.number().int(),
  draft: z.record(z.string(), z.unknown()),
  published: z.record(z.string(), z.unknown()).nullable(),
  /** The draft differs from what the site shows. */
  changed: z.boolean(),
  /** What stands between the draft and publishing: field path and message. Empty: it may go live. */
  issues: z.array(z.strictObject({ path: z.string(), message: z.string() })),
  publishAt: z.string().nullable(),
  createdBy: staffRef,
  createdAt: z.string(),
  updatedBy: staffRef,
  updatedAt: z.string(),
  publishedBy: staffRef,
  publishedAt: z.string().nullable(),
});
export type ItemAnswer = z.infer<typeof itemAnswer>;

export const itemListAnswer = z.strictObject({
  items: z.array(
    itemAnswer
      .pick({
        id: true,
        slug: true,
        liveSlug: true,
        status: true,
        version: true,
        changed: true,
        publishAt: true,
        updatedBy: true,
        updatedAt: true,
        publishedAt: true,
      })
      .extend({ title: z.string() }),
  ),
  /** The company's time zone (COMPANY_TIME_ZONE, an IANA name): the console's schedule form reads and shows times in it. */
  timeZone: z.string(),
});
export type ItemListAnswer = z.infer<typeof itemListAnswer>;

export const revisionAnswer = z.strictObject({
  number: z.number().int(),
  action: z.enum(revisionActions),
  restoredFrom: z.number().int().nullable(),
  slug: z.string(),
  data: z.record(z.string(), z.unknown()),
  by: staffRef,
  at: z.string(),
});
export const revisionsAnswer = z.strictObject({ revisions: z.array(revisionAnswer) });
export type RevisionsAnswer = z.infer<typeof revisionsAnswer>;

/** A signed preview link of the draft, and when it stops working. */
export const previewLinkAnswer = z.strictObject({ url: z.string(), expiresAt: z.string() });
export type PreviewLinkAnswer = z.infer<typeof previewLinkAnswer>;

/** 409: someone else changed the item since the person opened it; their change is kept. */
export const conflictAnswer = z.strictObject({
  status: z.literal(false),
  message: z.string(),
  conflict: z.strictObject({ by: staffRef, at: z.string(), version: z.number().int() }),
});
export type ConflictAnswer = z.infer<typeof conflictAnswer>;
