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

interface JobPostingInput {
  id: string;
  title: string;
  description: string;
  type: "Full-time" | "Part-time" | "Contract";
  datePosted: string;
  validThrough: string;
}

interface OfficeAddress {
  street: string;
  region?: string;
  postalCode: string;
  country: string;
}

const employmentTypes = { "Full-time": "FULL_TIME", "Part-time": "PART_TIME", Contract: "CONTRACTOR" } as const;

/** One open role (careers page), as schema.org JobPosting with the place of work. */
export function jobPosting(job: JobPostingInput, office: OfficeAddress & { city: string }, pagePath: string) {
  return {
    "@context": "https://schema.org",
    "@type": "JobPosting",
    identifier: { "@type": "PropertyValue", name: company.name, value: job.id },
    title: job.title,
    description: `<p>${job.description}</p>`,
    datePosted: job.datePosted,
    // The end of the day the posting closes, in UTC.
    validThrough: `${job.validThrough}T23:59:59Z`,
    employmentType: employmentTypes[job.type],
    hiringOrganization: {
      "@type": "Organization",
      name: company.name,
      sameAs: absoluteUrl("/"),
      logo: absoluteUrl("/favicon.svg"),
    },
    jobLocation: {
      "@type": "Place",
      address: {
        "@type": "PostalAddress",
        streetAddress: office.street,
        addressLocality: office.city,
        ...(office.region ? { addressRegion: office.region } : {}),
        postalCode: office.postalCode,
        addressCountry: office.country,
      },
    },
    directApply: true,
    url: absoluteUrl(`${pagePath}#${job.id}`),
  };
}
