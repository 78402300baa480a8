/** schema.org builders for the structured data pages emit through `pageMeta({ jsonLd })`. */
import { absoluteUrl, company, siteUrl } from "~/site/company";

export function organization() {
  return {
    "@type": "Organization",
    "@id": `${siteUrl}/#organization`,
    name: company.name,
    legalName: company.legalName,
    url: absoluteUrl("/"),
    email: company.email,
    telephone: company.phoneE164,
    address: {
      "@type": "PostalAddress",
      streetAddress: company.address.street,
      addressLocality: company.address.city,
      addressRegion: company.address.region,
      postalCode: company.address.postalCode,
      addressCountry: company.address.country,
    },
    sameAs: Object.values(company.social),
  };
}

/** WebSite with its publisher Organization (home page). */
export function website() {
  return {
    "@context": "https://schema.org",
    "@type": "WebSite",
    name: company.name,
    url: absoluteUrl("/"),
    publisher: organization(),
  };
}

/** The company as an article's author: a reference to the one Organization, with its name. */
const companyAuthor = { "@type": "Organization", "@id": `${siteUrl}/#organization`, name: company.name };

/**
 * Every schema.org Article the site emits (insights and case studies), with what Google's article
 * guidelines recommend: headline, image, both dates (the modified one is the published one until a
 * stored version goes live), the author and the company as publisher. What the article is about is
 * its keywords (an insight's tags) or its subject (a case study's industry).
 */
function articleLd(input: {
  path: string;
  headline: string;
  description: string;
  image?: string;
  datePublished: string;
  dateModified?: string;
  author: object;
  keywords?: readonly string[];
  about?: string;
}) {
  return {
    "@context": "https://schema.org",
    "@type": "Article",
    headline: input.headline,
    description: input.description,
    ...(input.image ? { image: [absoluteUrl(input.image)] } : {}),
    datePublished: input.datePublished,
    dateModified: input.dateModified ?? input.datePublished,
    author: input.author,
    publisher: organization(),
    ...(input.keywords ? { keywords: input.keywords.join(", ") } : {}),
    ...(input.about ? { about: input.about } : {}),
    mainEntityOfPage: absoluteUrl(input.path),
  };
}

/** An insight as an Article, its author a Person who works for the company. */
export function insightArticle(input: {
  path: string;
  title: string;
  description: string;
  /** A site file's path; a stored article's uploaded picture is not named (its variants are many). */
  image?: string;
  datePublished: string;
  /** When the stored version went live; the date it is dated otherwise. */
  dateModified?: string;
  author: { name: string; title: string };
  keywords: readonly string[];
}) {
  return articleLd({
    ...input,
    headline: input.title,
    author: {
      "@type": "Person",
      name: input.author.name,
      jobTitle: input.author.title,
      url: absoluteUrl("/team"),
      worksFor: { "@id": `${siteUrl}/#organization` },
    },
  });
}

/**
 * A case study as an Article (issue 41: `CreativeWork` or `Article`): its headline, summary, the
 * work's date, when this version went live (a stored study), its industry and the company as author.
 */
export function caseStudyArticle(study: {
  path: string;
  title: string;
  excerpt: string;
  date: string;
  published?: string;
  industry: string;
}) {
  return articleLd({
    path: study.path,
    headline: study.title,
    description: study.excerpt,
    datePublished: study.date,
    ...(study.published ? { dateModified: study.published } : {}),
    author: companyAuthor,
    about: study.industry,
  });
}

/**
 * Structured data as the text of an application/ld+json script in the page's body, escaped as
 * React Router escapes its head's (`<`, `>`, `&` and the line separators as \u escapes), so no
 * answer can close the script.
 */
export function jsonLdText(data: object): string {
  return JSON.stringify(data).replace(
    /[&<>\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}

export function faqPage(items: readonly { question: string; answer: string }[]) {
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: items.map((item) => ({
      "@type": "Question",
      name: item.question,
      acceptedAnswer: { "@type": "Answer", text: item.answer },
    })),
  };
}

export function breadcrumbList(trail: readonly { name: string; path: string }[]) {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: trail.map((crumb, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: crumb.name,
      item: absoluteUrl(crumb.path),
    })),
  };
}

interface OfficeAddress {
  street: string;
  region?: string;
  postalCode: string;
  country: string;
}

/** What a role's JobPosting is made from (app/components/careers/careers-data.ts' role page data). */
interface JobPostingInput {
  slug: string;
  title: string;
  descriptionHtml: string;
  offices: readonly string[];
  workplace: string;
  employmentType: string;
  datePosted: string;
  validThrough: string;
  salary: { min: number; max: number; currency: string; period: string } | null;
}

/**
 * One open role as schema.org JobPosting, on the role's own page only (Google's guidelines: no
 * JobPosting on a list of jobs). Every property Google requires and recommends: the full
 * description, each office as a jobLocation, the salary when the role gives one, directApply.
 */
export function jobPosting(
  role: JobPostingInput,
  officeOf: (city: string) => OfficeAddress | undefined,
  pagePath: string,
) {
  const offices = role.offices.flatMap((city) => {
    const office = officeOf(city);
    return office ? [{ ...office, city }] : [];
  });
  return {
    "@context": "https://schema.org",
    "@type": "JobPosting",
    identifier: { "@type": "PropertyValue", name: company.name, value: role.slug },
    title: role.title,
    description: role.descriptionHtml,
    datePosted: role.datePosted,
    // The end of the last day applications are taken, in UTC.
    validThrough: `${role.validThrough}T23:59:59Z`,
    employmentType: role.employmentType,
    hiringOrganization: {
      "@type": "Organization",
      name: company.name,
      sameAs: absoluteUrl("/"),
      logo: absoluteUrl("/favicon.svg"),
    },
    jobLocation: offices.map((office) => ({
      "@type": "Place",
      address: {
        "@type": "PostalAddress",
        streetAddress: office.street,
        addressLocality: office.city,
        ...(office.region ? { addressRegion: office.region } : {}),
        postalCode: office.postalCode,
        addressCountry: office.country,
      },
    })),
    // A remote role is open to people in the countries of its offices (Google's remote-job fields).
    ...(role.workplace === "remote"
      ? {
          jobLocationType: "TELECOMMUTE",
          applicantLocationRequirements: [...new Set(offices.map((o) => o.country))].map((country) => ({
            "@type": "Country",
            name: country,
          })),
        }
      : {}),
    ...(role.salary
      ? {
          baseSalary: {
            "@type": "MonetaryAmount",
            currency: role.salary.currency,
            value: {
              "@type": "QuantitativeValue",
              minValue: role.salary.min,
              maxValue: role.salary.max,
              unitText: role.salary.period,
            },
          },
        }
      : {}),
    directApply: true,
    url: absoluteUrl(pagePath),
  };
}

/**
 * A team member as schema.org Person (the team page, one per person): who, their position at the
 * company, the words the page says of them, their photo and their LinkedIn profile.
 */
export function person(input: {
  name: string;
  position: string;
  bio: string;
  /** The photo's address on the site (a drawing's path, or an uploaded image's square variant). */
  image?: string;
  linkedin?: string;
}) {
  return {
    "@context": "https://schema.org",
    "@type": "Person",
    name: input.name,
    jobTitle: input.position,
    description: input.bio,
    ...(input.image ? { image: absoluteUrl(input.image) } : {}),
    url: absoluteUrl("/team"),
    ...(input.linkedin ? { sameAs: [input.linkedin] } : {}),
    worksFor: { "@id": `${siteUrl}/#organization` },
  };
}
