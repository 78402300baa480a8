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
