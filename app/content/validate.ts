/**
 * Checks every typed content module against its schema. Runs at build time (from the prerender
 * list) and in the unit tests, so a broken entry fails the build with a message naming it; the
 * schemas themselves never reach the browser.
 */
import { officeCities } from "../../contracts/careers/roles";
import { about, careersPage, contactPage, officeCity, portfolio, team } from "./company-pages";
import { home } from "./home";
import { servicesOverview, technologyOverview } from "./overview";
import { pageMetaContent } from "./page-meta";
import {
  aboutSchema,
  careersPageSchema,
  contactPageSchema,
  homeSchema,
  pageMetaSchema,
  parseCollection,
  portfolioSchema,
  serviceSchema,
  servicesOverviewSchema,
  teamSchema,
  technologyOverviewSchema,
  technologySchema,
} from "./schemas";
import { services } from "./services";
import { technologies } from "./technologies";

export function validateContent(): void {
  parseCollection("services", serviceSchema, services);
  parseCollection("technologies", technologySchema, technologies);
  parseCollection("page metadata", pageMetaSchema, pageMetaContent);
  parseCollection("company pages", aboutSchema, { about });
  parseCollection("company pages", teamSchema, { team });
  parseCollection("company pages", portfolioSchema, { portfolio });
  parseCollection("company pages", contactPageSchema, { contactPage });
  parseCollection("company pages", careersPageSchema, { careersPage });
  parseCollection("home", homeSchema, { home });
  parseCollection("overview pages", servicesOverviewSchema, { servicesOverview });
  parseCollection("overview pages", technologyOverviewSchema, { technologyOverview });
  // Roles are data since issue 26 (job_roles); the offices they may name are the contract's
  // cities, and each must be an office of the contact page (its address is the JobPosting's).
  const cities = new Set(contactPage.offices.map((o) => officeCity(o.city)));
  for (const city of officeCities) {
    if (!cities.has(city))
      throw new Error(`Content error in company pages: no office in ${city}, a city roles may name`);
  }
}
