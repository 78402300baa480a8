/**
 * The server's renderer of the careers pages (issue 26, docs/decisions/032): the same React
 * components as the routes /career and /career/<slug>, built by vite.careers.config.ts into
 * build/careers/pages.js. The server loads that build output (never app/ source) and splices what
 * it renders into the prerendered templates, in place of the sample they were prerendered with.
 */
import type { SharePictureContent } from "../share-image";
import type { JobRole } from "./roles";

/** A role as the server hands it to the renderer: published and open at the time of the request. */
export type RenderedRole = Omit<JobRole, "id" | "state">;

/** Parts of a page the server puts in place of the template's own. */
export interface RenderedParts {
  /** The route's markup that depends on the roles, its careers-data block included. */
  body: string;
  /**
   * The head's tags from the route's meta (title, description, canonical, og:*); none on /career.
   * React 19 hoists them to the top of <head>, away from the JSON-LD, hence two parts.
   */
  head: string;
  /** The route's JSON-LD blocks (JobPosting, BreadcrumbList), where they stay in <head>. */
  scripts: string;
  /**
   * The application form's position choices (its <option>s after the placeholder) where the form
   * is not inside `body`: on /career, below the perks. Empty where `body` holds the form.
   */
  choices: string;
}

export interface CareersRenderer {
  /** The prerendered templates: the list (/career itself) and the one every role's address is answered from. */
  templates: { list: string; role: string };
  /**
   * The parts exactly as the prerender wrote them from its sample roles: the server finds these
   * strings in the templates (and refuses to start when it cannot).
   */
  sample: { list: RenderedParts; role: RenderedParts };
  /** The open roles (newest posting first) with the filter the address asks for; unknown values are ignored. */
  list(
    roles: readonly RenderedRole[],
    query: Record<string, string | string[] | undefined>,
    positions: readonly string[],
  ): RenderedParts;
  /** An open role's page, its form offering the positions given (the table's, decision 040). */
  role(role: RenderedRole, positions: readonly string[]): RenderedParts;
  /** The 410 page of a role that was public and is no longer open. */
  gone(title: string): RenderedParts;
  /** The site's 404 words, for an address under /career that names no public role. */
  missing(): RenderedParts;
  /** What an open role's share picture says (its page's `og:image`, drawn by the server). */
  sharePicture(role: RenderedRole): SharePictureContent;
}
