/**
 * Checks every typed content module against its schema. Runs at build time (from the prerender
 * list) and in the unit tests, so a broken entry fails the build with a message naming it; the
 * schemas themselves never reach the browser.
 */
import { positions } from "../../contracts/forms/application";
import { about, careersPage, contactPage, officeCity, portfolio, team } from "./company-pages";
import { home } from "./home";
import { jobOpenings } from "./job-openings";
import { servicesOverview, technologyOverview } from "./overview";
import { pageMetaContent } from "./page-meta";
import {
  aboutSchema,
  careersPageSchema,
  contactPageSchema,
  homeSchema,
  jobOpeningSchema,
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
  parseCollection("job openings", jobOpeningSchema, Object.fromEntries(jobOpenings.map((j) => [j.id, j])));
  const cities = new Set(contactPage.offices.map((o) => officeCity(o.city)));
  for (const job of jobOpenings) {
    if (!cities.has(job.office))
      throw new Error(`Content error in job openings "${job.id}": no office in ${job.office}`);
    if (!(positions as readonly string[]).includes(job.position))
      throw new Error(`Content error in job openings "${job.id}": "${job.position}" is not an option of the form`);
  }
}
