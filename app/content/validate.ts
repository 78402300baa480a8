/**
 * Checks every typed content module against its schema. Runs at build time (from the prerender
 * list) and in the unit tests, so a broken entry fails the build with a message naming it; the
 * schemas themselves never reach the browser.
 */
import { about, careersPage, contactPage, portfolio, team } from "./company";
import { home } from "./home";
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
  teamSchema,
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
}
