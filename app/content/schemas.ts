/** Shared pieces of the content schemas. A broken entry fails the build with the entry's name and field. */
import { z } from "zod";
import { teamMemberItem } from "../../contracts/content/items";
import { iconNames } from "../components/icon/names";
import { techMarkNames } from "../components/icon/tech-mark-names";
import { serviceArtKinds } from "../components/sections/topic-art-kinds";
import { pages } from "../site/pages";

export const iconName = z.enum(iconNames);
export const internalLink = z.string().regex(/^\/[a-z0-9\-/]*$/, "must be a site path like /contact");

export const faqItem = z.object({
  question: z.string().min(10).describe("Shown as the accordion header and in FAQPage JSON-LD"),
  answer: z.string().min(20),
});
export type FaqItem = z.infer<typeof faqItem>;

export const faqBlock = z.object({
  title: z.string().min(3),
  subtitle: z.string().min(10),
  questions: z.array(faqItem).min(3),
});

export const feature = z.object({
  icon: iconName,
  title: z.string().min(3),
  description: z.string().min(30),
});

/** Parses every entry of a collection, naming the entry in the error. */
export function parseCollection<T>(
  name: string,
  schema: z.ZodType<T>,
  entries: Record<string, unknown>,
): Record<string, T> {
  const out: Record<string, T> = {};
  for (const [key, value] of Object.entries(entries)) {
    const result = schema.safeParse(value);
    if (!result.success) {
      const problems = result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
      throw new Error(`Content error in ${name} "${key}": ${problems}`);
    }
    out[key] = result.data;
  }
  return out;
}

/** The spec's "Service content per key": one entry per service page. */
export const serviceSchema = z.object({
  name: z.string().min(3).describe("Breadcrumb name"),
  art: z.enum(serviceArtKinds).describe("The page's picture (topic-art.tsx); each service its own"),
  hero: z.object({
    heading: z.string().min(10),
    description: z.string().min(40),
    buttonLabel: z.literal("GET IN TOUCH"),
    link: internalLink,
  }),
  title: z.string().min(5),
  subtitle: z.string().min(10),
  description: z.array(z.string().min(40)).min(1),
  services: z.array(feature).min(4),
  heading: z.string().min(5),
  subheading: z.string().min(10),
  whyDescription: z.string().min(60),
  whyPoints: z.array(z.string().min(10)).min(3),
  faq: faqBlock,
});

export const technologySchema = z.object({
  name: z.string().min(2).describe("Breadcrumb name and the X of 'Why X' / 'Get Started with X'"),
  mark: z.enum(techMarkNames).describe("The technology's mark (icon/tech-marks.tsx)"),
  hero: z.object({ title: z.string().min(10), description: z.string().min(40) }),
  servicesTitle: z.string().min(5),
  servicesSubtitle: z.string().min(10),
  services: z.array(feature).length(6, "a technology page shows exactly six services"),
  whyDescription: z.string().min(60),
  /** Id of the page's contact section (the spec gives some, misspellings included). */
  contactSectionId: z.string().regex(/^[a-z-]+$/),
});

const link = z.object({ label: z.string().min(2), to: internalLink });

export const homeSchema = z.object({
  hero: z.object({ heading: z.string(), text: z.string().min(40), primary: link, secondary: link }),
  about: z.object({ heading: z.string(), text: z.array(z.string().min(40)).min(1), button: link }),
  servicesGrid: z.object({
    heading: z.string(),
    text: z.string().min(20),
    cards: z
      .array(
        z.object({
          icon: iconName,
          title: z.string(),
          link: internalLink,
          features: z.array(z.string().min(5)).length(5),
        }),
      )
      .length(6),
  }),
  cta: z.object({ heading: z.string(), subheading: z.string(), text: z.string().min(20), join: link, contact: link }),
  stats: z.array(z.object({ value: z.number().int().nonnegative(), suffix: z.string(), label: z.string() })).length(3),
  faq: z.object({ heading: z.string(), text: z.string(), items: z.array(faqItem).length(5) }),
  contact: z.object({ heading: z.string(), text: z.string() }),
  proof: z.object({
    /** The strip under the hero naming the industries of the case studies' clients (no logos: decision 066). */
    clientsLabel: z.string().min(10),
    heading: z.string().min(10),
    text: z.string().min(40),
    /** The case study whose client's words the home page quotes. */
    testimonialFrom: z.string().regex(/^[a-z0-9-]+$/),
  }),
});

/** Search-result text of every page: description (up to 160 characters) and keywords. */
export const pageMetaSchema = z.object({
  description: z.string().min(50).max(160),
  keywords: z.array(z.string().min(2)).min(3),
});

const image = z.string().regex(/^\/images\/[a-z0-9-]+\.(svg|webp|avif)$/);

const teamMember = z.object({
  name: z.string().min(3),
  position: z.string().min(3),
  bio: z.string().min(60),
  /** An https linkedin.com profile, as the store's team members (contracts/content/items.ts). */
  linkedin: teamMemberItem.shape.linkedin,
  image,
});

const portfolioItem = z.object({
  title: z.string().min(3),
  description: z.string().min(60),
  image,
  imageAlt: z.string().min(10),
  /** Where 'View Project' leads on this site: the project's case study, or a contact prompt. */
  link: internalLink,
  /** Said under the description when the project has no public page (a client's confidentiality). */
  note: z.string().min(20).optional(),
});

const office = z.object({
  city: z.string(),
  address: z.string().min(10),
  hours: z.string(),
  /** Parts of the address for structured data (JobPosting's jobLocation). */
  street: z.string().min(5),
  region: z.string().optional(),
  postalCode: z.string().min(3),
  country: z.string().regex(/^[A-Z]{2}$/, "ISO 3166-1 alpha-2 code"),
  /** Where the office is: its pin on the world map and its map link. */
  coordinates: z.object({ lat: z.number().min(-90).max(90), lon: z.number().min(-180).max(180) }),
});

export const aboutSchema = z.object({
  title: z.string(),
  intro: z.string().min(40),
  story: z.array(z.string().min(60)).min(2),
  values: z.array(z.object({ icon: iconName, title: z.string(), description: z.string().min(30) })).length(4),
});

export const teamSchema = z.array(teamMember).length(3);

export const portfolioSchema = z.array(portfolioItem).length(2);

export const contactPageSchema = z.object({
  intro: z.string().min(40),
  responseTime: z.string(),
  offices: z.array(office).min(1),
});

export const careersPageSchema = z.object({
  intro: z.string().min(40),
  perks: z.array(z.object({ icon: iconName, title: z.string(), description: z.string().min(30) })).length(4),
  formHeading: z.string(),
  formText: z.string(),
});

/**
 * What every collection item's front matter has (app/content/collections.ts): its address, the
 * sitemap, its feed entry and its page meta are made from these. An id is the file's name and never
 * holds a dot, so no item can take its collection's feed address (feed.xml).
 */
export const collectionItemSchema = z.object({
  id: z.string().regex(/^[a-z0-9-]+$/, "lower-case letters, digits and dashes"),
  title: z.string().min(10),
  excerpt: z.string().min(40).max(300),
  date: z.coerce.date(),
  // The search title and description the content store's items need (contracts/content/seo.ts's
  // bounds), read by the one-time import (server/content/import-*.ts); the Markdown page's own
  // meta stays its title and excerpt. Without them the import falls back to those when they fit.
  seoTitle: z.string().min(1).max(60).optional(),
  seoDescription: z.string().min(50).max(160).optional(),
});
export type CollectionItem = z.infer<typeof collectionItemSchema>;

/** The keys of the page table's pages of one template (services' and technologies' slugs). */
function pageKeys(template: "service" | "technology"): string[] {
  return pages.flatMap((p) => (p.template === template && p.slug ? [p.slug] : []));
}

/** A list of keys of the site's service or technology pages, each once: a case study links those pages. */
function pageKeyList(template: "service" | "technology") {
  const keys = pageKeys(template);
  return z
    .array(
      z.string().refine((k) => keys.includes(k), { error: `must be a ${template} page's key: ${keys.join(", ")}` }),
    )
    .refine((list) => new Set(list).size === list.length, { error: "names a page twice" });
}

/**
 * Front matter of a case study (app/content/case-studies/<id>.md). The proof a buyer looks for
 * first: who the client is (by industry, never a name the client has not agreed to), the results
 * as figures, a quote, the services and technologies (keys of their pages, which list the studies
 * tagged with them) and the team. The store's content items use the same names (decision 066).
 */
export const caseStudySchema = collectionItemSchema.extend({
  category: z.string().min(2).describe("Shown as written; matched ignoring case"),
  image: z.string().regex(/^\/images\/[a-z0-9-]+\.(svg|webp|avif)$/),
  imageAlt: z.string().min(10),
  client: z.string().min(10).max(80).describe("Who the client is, by industry: 'A European logistics group'"),
  industry: z.string().min(3).max(30).describe("One industry, as the home page's client strip names it"),
  results: z
    .array(
      z.object({
        value: z.string().min(1).max(8).describe("The figure as shown large: '40%', '11 min'"),
        label: z.string().min(8).max(60).describe("What the figure measures: 'lower infrastructure costs'"),
      }),
    )
    .min(2)
    .max(4)
    .describe("The first two are the headline ones, shown on the study's card; its page shows all"),
  quote: z.object({
    text: z.string().min(40).max(320),
    name: z.string().min(2).max(40).describe("A first name and an initial, or a role; never a real public figure"),
    title: z.string().min(3).max(80).describe("The person's role at the client"),
  }),
  services: pageKeyList("service").min(1),
  technologies: pageKeyList("technology"),
  team: z
    .array(z.object({ role: z.string().min(3).max(40), count: z.number().int().min(1).max(50) }))
    .min(1)
    .describe("Who we staffed it with, shown as 'role × count'"),
});
export type CaseStudy = z.infer<typeof caseStudySchema>;

/** A tag of an insight as shown ("Cloud migration"); its page's address is it in lower case, dashed (groupSlug). */
export const tagName = z
  .string()
  .regex(/^[A-Za-z0-9]+(?:[ -][A-Za-z0-9]+)*$/, "letters, digits, and single spaces or dashes between words")
  .max(40);

/**
 * Front matter of an insight (app/content/insights/<id>.md): an article by one of the team (the
 * team page's name and position, so the byline is a real person the site introduces), its tags
 * (one page each under /insights/tag/), and its picture. The store's insight items use the same
 * names (contracts/content/items.ts, decision 069).
 */
export const insightSchema = collectionItemSchema.extend({
  author: z.object({
    name: z.string().min(3).max(80).describe("A name on the team page (company-pages.ts' team)"),
    title: z.string().min(3).max(80).describe("Their position, as the team page gives it"),
  }),
  tags: z
    .array(tagName)
    .min(1)
    .max(6)
    .refine((list) => new Set(list.map((t) => t.toLowerCase())).size === list.length, { error: "names a tag twice" }),
  image: z.string().regex(/^\/images\/[a-z0-9-]+\.(svg|webp|avif)$/),
  imageAlt: z.string().min(10),
});
export type Insight = z.infer<typeof insightSchema>;

/** Front matter of a legal page (app/content/legal/<slug>.md). */
export const legalSchema = z.object({
  title: z.string().min(5),
  updated: z.coerce.date(),
  summary: z.string().min(20),
});

/** The services overview (/services): the steps of an engagement. */
export const servicesOverviewSchema = z.object({
  intro: z.string().min(40).max(200),
  steps: z
    .array(z.object({ title: z.string().min(3), description: z.string().min(30).max(160) }))
    .min(3)
    .max(5),
});

/** The technology overview (/technology): the ways to engage engineers. */
export const technologyOverviewSchema = z.object({
  intro: z.string().min(40).max(200),
  models: z
    .array(z.object({ icon: iconName, title: z.string().min(3), description: z.string().min(30).max(180) }))
    .length(3),
});
