/**
 * The company's identity: the one place its name, contact details and public address live.
 * Every mailto/tel link, social link, canonical URL and sitemap entry is built from here.
 */
export const company = {
  name: "Altiva Cloud Technologies",
  shortName: "Altiva Cloud",
  legalName: "Altiva Cloud Technologies Ltd.",
  email: "hello@altivacloud.com",
  careersEmail: "careers@altivacloud.com",
  /** Shown to people. */
  phoneDisplay: "+1 (415) 555-0142",
  /** E.164 form, used for tel: links and the chat link. */
  phoneE164: "+14155550142",
  address: {
    street: "548 Market Street, Suite 410",
    city: "San Francisco",
    region: "CA",
    postalCode: "94104",
    country: "US",
  },
  social: {
    facebook: "https://www.facebook.com/altivacloud",
    instagram: "https://www.instagram.com/altivacloud",
    linkedin: "https://www.linkedin.com/company/altivacloud",
    x: "https://x.com/altivacloud",
  },
} as const;

/** Digits only, as wa.me wants them. */
export const chatUrl = `https://wa.me/${company.phoneE164.replace(/\D/g, "")}`;

/**
 * Public origin of the site, without a trailing slash. Set SITE_URL at build time;
 * canonical links and the sitemap are absolute URLs built from it.
 */
export const siteUrl = (
  (typeof process !== "undefined" ? process.env.SITE_URL : undefined) ??
  import.meta.env?.VITE_SITE_URL ??
  "https://www.altivacloud.com"
).replace(/\/+$/, "");

export function absoluteUrl(path: string): string {
  return path === "/" ? `${siteUrl}/` : `${siteUrl}${path}`;
}
