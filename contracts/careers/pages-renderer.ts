/**
 * What the server hands React Router's server build when it renders a careers page per request
 * (docs/decisions/055): the load context of /career and /career/<slug>, whose route loaders make
 * the page's data from it. The server decides what the address answers (which roles are open at
 * the request's moment, 404, 410) from the database; the routes render it with their own
 * components. The server loads the build output (build/server/site.js), never app/ source.
 */
import type { FormAnswer } from "../form-answers";
import type { SiteContent } from "../content/site-context";
import type { SharePictureContent } from "../share-image";
import type { JobPosting } from "./roles";

/** A role as the server hands it to the routes: published and open at the time of the request. */
export type RenderedRole = Omit<JobPosting, "id" | "state">;

export type CareersPageInput =
  /** /career: the open roles, newest posting first, with the filter the address asks for. */
  | {
      kind: "list";
      roles: RenderedRole[];
      query: Record<string, string | undefined>;
      /** The positions the application form offers (the table's, decision 040). */
      positions: string[];
    }
  /** An open role's page. */
  | { kind: "role"; role: RenderedRole; positions: string[] }
  /** The 410 page of a role that was public and is no longer open. */
  | { kind: "gone"; title: string }
  /** The site's 404 words, for an address under /career that names no public role. */
  | { kind: "missing" };

/** React Router's load context for a page the server renders (AppLoadContext, app/types/load-context.d.ts). */
export type SiteLoadContext = {
  careers?: CareersPageInput;
  /** Marketing's live content (contracts/content/site-context.ts), for the pages that show it. */
  content?: SiteContent;
  /** The answer to a browser's own form post, which the form route's action returns (docs/decisions/060). */
  formAnswer?: FormAnswer;
};

/** What the role route module exports beside its page, for the server: a role's share picture's words. */
export type SharePictureOf = (role: RenderedRole) => SharePictureContent;
