import type { z } from "zod";
import portfolioData from "./portfolio.json" with { type: "json" };
import teamData from "./team.json" with { type: "json" };
import type { aboutSchema, careersPageSchema, contactPageSchema, portfolioSchema, teamSchema } from "./schemas";

/** Checked against their schemas at build time (app/content/validate.ts). */
export const about: z.infer<typeof aboutSchema> = {
  title: "Engineers who care how your business grows",
  intro:
    "Altiva Cloud Technologies is an IT services and staff-augmentation company of certified cloud, web, mobile and AI engineers.",
  story: [
    "We started in 2016 as four engineers helping a retailer survive its first Black Friday in the cloud. The lesson stuck: technology is only as good as the business result it produces.",
    "Today our teams in San Francisco, London, Bengaluru and Sydney build products, move platforms to the cloud and put AI into everyday work for clients from seed-stage start-ups to listed enterprises. Some clients hire a whole delivery team; others add two engineers to their own. Both get the same standards.",
  ],
  values: [
    {
      icon: "chart",
      title: "Outcomes over output",
      description: "We agree how success is measured before we start, and report against it.",
    },
    {
      icon: "shield",
      title: "Security by default",
      description: "Least privilege, encryption and reviewed code on every project, not as an extra.",
    },
    {
      icon: "users",
      title: "One team with yours",
      description: "Your tools, your rituals, your time zone: we work as part of your team.",
    },
    {
      icon: "wrench",
      title: "Leave it better",
      description: "Documentation, tests and automation stay with you when we step back.",
    },
  ],
};

/**
 * The team page's people, as data (app/content/team.json) so that the content store's one-time
 * import reads the same file (`content-import --collection team`, decision 069).
 */
export const team: z.infer<typeof teamSchema> = teamData;

/**
 * The portfolio page's projects, as data (app/content/portfolio.json) so that the content store's
 * one-time import reads the same file (`content-import --collection portfolio`, decision 078).
 */
export const portfolio: z.infer<typeof portfolioSchema> = portfolioData;

export const contactPage: z.infer<typeof contactPageSchema> = {
  intro:
    "Whether you have a detailed brief or just a question, we are glad to hear from you. A senior engineer reads every enquiry.",
  responseTime: "We reply within one business day.",
  offices: [
    {
      city: "San Francisco (headquarters)",
      address: "548 Market Street, Suite 410, San Francisco, CA 94104, USA",
      hours: "Mon-Fri, 9:00-18:00 PT",
      street: "548 Market Street, Suite 410",
      region: "CA",
      postalCode: "94104",
      country: "US",
      coordinates: { lat: 37.7897, lon: -122.4001 },
    },
    {
      city: "London",
      address: "71 Shoreditch High Street, London E1 6JJ, United Kingdom",
      hours: "Mon-Fri, 9:00-18:00 GMT",
      street: "71 Shoreditch High Street",
      postalCode: "E1 6JJ",
      country: "GB",
      coordinates: { lat: 51.5246, lon: -0.0784 },
    },
    {
      city: "Bengaluru",
      address: "4th Floor, Prestige Tech Park, Outer Ring Road, Bengaluru 560103, India",
      hours: "Mon-Fri, 9:30-18:30 IST",
      street: "4th Floor, Prestige Tech Park, Outer Ring Road",
      region: "Karnataka",
      postalCode: "560103",
      country: "IN",
      coordinates: { lat: 12.9352, lon: 77.6953 },
    },
    {
      city: "Sydney",
      address: "Level 9, 60 Margaret Street, Sydney NSW 2000, Australia",
      hours: "Mon-Fri, 9:00-17:30 AEST",
      street: "Level 9, 60 Margaret Street",
      region: "NSW",
      postalCode: "2000",
      country: "AU",
      coordinates: { lat: -33.8646, lon: 151.2073 },
    },
  ],
};

export const careersPage: z.infer<typeof careersPageSchema> = {
  intro:
    "Work on real cloud, web, mobile and AI projects with engineers who review each other's code kindly and ship often.",
  perks: [
    {
      icon: "laptop",
      title: "Remote-friendly",
      description: "Work from home or one of our four offices, with core hours that respect time zones.",
    },
    {
      icon: "rocket",
      title: "Certifications paid",
      description: "We pay for AWS, Azure, Google Cloud and Kubernetes certifications and the study time.",
    },
    {
      icon: "users",
      title: "Mentoring",
      description: "Every engineer has a mentor and a growth plan reviewed twice a year.",
    },
    {
      icon: "headset",
      title: "Sensible on-call",
      description: "Paid, rotated and rare, because we automate what wakes people up.",
    },
  ],
  formHeading: "Apply now",
  formText: "Send your details and resume. We reply to every application within ten business days.",
};

export const feedbackPage = {
  intro:
    "Tell us what works and what does not. Feedback about our website, services or support goes straight to the people responsible, and we read all of it.",
} as const;

export const cookieSettingsPage = {
  intro: "Choose which optional cookies this site may use. Essential cookies keep the site working and are always on.",
  categories: {
    essential: { title: "Essential", description: "Remember your cookie choices and keep the site secure. Always on." },
    performance: {
      title: "Performance",
      description:
        "Count page views and form steps and measure loading speed (Core Web Vitals), without cookies or anything that identifies you.",
    },
    functional: { title: "Functional", description: "Remember conveniences such as form details on this device." },
    marketing: {
      title: "Marketing",
      description: "Measure campaigns and show relevant content on other sites. Not in use today.",
    },
  },
  saved: "Your cookie preferences have been saved.",
  withdrawn: "Your consent has been withdrawn. Nothing is measured from now on.",
  withdraw: "Withdraw consent",
  browserRefuses:
    "Your browser asked us not to track you (Global Privacy Control or Do Not Track), so we do not measure your visits or use marketing, whatever you choose here.",
  refusedSwitch: "Off because your browser asked us not to track you.",
  recordTitle: "Your choice",
  noChoice: "You have not made a choice on this device yet.",
  consentId: "Consent ID",
  /** Words around the date and the policy version of the stored choice. */
  choiceMade: (date: string, policy: string) => `Chosen on ${date}, under the Cookie Policy of ${policy}.`,
  recordNote:
    "We keep a record of each choice under this random ID, with the date and the policy version and nothing else, to be able to show what you agreed to.",
  askedAgain: "Our Cookie Policy has changed since your last choice, so please choose again.",
  noScript:
    "Your choices are kept in your browser, so changing them here needs JavaScript. Without JavaScript this site measures nothing and uses no optional storage.",
} as const;

/** An office's city without its note: "San Francisco (headquarters)" is "San Francisco". */
export function officeCity(city: string): string {
  return city.replace(/\s*\(.*\)$/, "");
}

/** The office in a city (an open role's place of work). */
export function officeIn(city: string) {
  return contactPage.offices.find((o) => officeCity(o.city) === city);
}

/** A link to the office on OpenStreetMap. */
export function officeMapUrl(office: { coordinates: { lat: number; lon: number } }): string {
  const { lat, lon } = office.coordinates;
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=17/${lat}/${lon}`;
}
