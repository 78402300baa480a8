/**
 * The site's pages rendered per request (docs/decisions/055): React Router's server build of the
 * site (build/server/site.js, made by `react-router build`; the server never imports app/ source)
 * answers a request with the load context the server gives, and the page goes through the same
 * post-render step as every prerendered page (post-render.ts), so it is the same bytes the build
 * would have written from the same data, with its own CSP hashes and compressed copies.
 */
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler, type ServerBuild } from "react-router";
import type { SharePictureOf, SiteLoadContext } from "../../contracts/careers/pages-renderer";
import type { FormAnswer, FormPages } from "../../contracts/form-answers";
import type { LiveCollectionPages } from "../../contracts/content/site-context";
import { readPageBoot } from "./page-boot";
import { compressed, postRenderer, sheetName, type FinishedPage } from "./post-render";

export interface RenderedPage extends FinishedPage {
  /** The status React Router answered with (the loader's: 200, 404 or 410). */
  status: number;
}

/** A page's sheet the server made for a page it rendered (decision 085), in each encoding. */
export interface StoredSheet {
  css: Buffer;
  br: Buffer;
  gzip: Buffer;
}

/**
 * How many page sheets an instance keeps. A sheet is named for its rules, and pages of one kind
 * (every role's page) share one, so a site has a few dozen; the bound is against growth all the same.
 */
const storedSheets = 500;

export interface SiteRenderer {
  /** The page at this address (path and query) rendered with this load context; throws when it cannot be. */
  render(address: string, context: SiteLoadContext): Promise<RenderedPage>;
  /**
   * A form page (path, without query) answering a browser's own post: the route's action renders the
   * server's answer in the form's place (docs/decisions/060). React's own output, without the
   * post-render step: the page runs no script, and its stylesheet is a plain link.
   */
  renderAnswer(path: string, answer: FormAnswer, context?: SiteLoadContext): Promise<{ status: number; html: string }>;
  /** What an open role's share picture says (exported by the role's route module). */
  sharePicture: SharePictureOf;
  /** Where each form is answered and the hosts the forms post to (exported by the root route). */
  formPages: FormPages;
  /** Where the stored collections' pages are (exported by the root route; decision 067). */
  livePages: readonly LiveCollectionPages[];
  /**
   * The sheet of a page this instance rendered, by its file name (`page-….css`). Another instance,
   * or this one since a restart, may have rendered the page that names it: the caller then answers
   * with `wholeSheet`.
   */
  pageSheet(name: string): StoredSheet | undefined;
  /** The site's whole stylesheet (every page sheet is a cut of it, in its order): what a sheet not held stands in for. */
  wholeSheet: string;
  /** A resource route's answer (a feed) with this load context: its status, type and body, as React Router gives them. */
  renderResource(address: string, context: SiteLoadContext): Promise<{ status: number; type: string; body: string }>;
}

/** Where `react-router build` writes the site's server bundle (react-router.config.ts `serverBuildFile`). */
export const siteServerBuildFile = (clientDir: string) => path.join(clientDir, "..", "server", "site.js");

/** The role route's module id in the server build (app/routes.ts). */
const roleRouteId = "routes/career-role";

/** Any origin: the request never leaves the process, and the pages' links come from the build's SITE_URL. */
const origin = "http://site.internal";

export async function loadSiteRenderer(clientDir: string): Promise<SiteRenderer> {
  const file = siteServerBuildFile(clientDir);
  if (!fs.existsSync(file)) throw new Error(`Missing ${file}: run "npm run build" to make it.`);
  const build = (await import(pathToFileURL(file).href)) as ServerBuild;
  const sharePicture = (build.routes[roleRouteId]?.module as { sharePicture?: SharePictureOf } | undefined)
    ?.sharePicture;
  if (!sharePicture) throw new Error(`${file}: the route ${roleRouteId} exports no sharePicture`);
  const formPages = (build.routes.root?.module as { formPages?: FormPages } | undefined)?.formPages;
  if (!formPages) throw new Error(`${file}: the root route exports no formPages`);
  const livePages = (build.routes.root?.module as { livePages?: LiveCollectionPages[] } | undefined)?.livePages;
  if (!livePages) throw new Error(`${file}: the root route exports no livePages`);
  const handle = createRequestHandler(build, "production");
  const wholeSheet = build.assets.routes.root?.css?.[0];
  if (!wholeSheet) throw new Error(`${file}: the root route links no stylesheet`);
  const sheets = new Map<string, StoredSheet>();
  const pageSheet = (css: string) => {
    const name = sheetName("page", css);
    if (!sheets.has(name)) {
      const bytes = Buffer.from(css, "utf8");
      sheets.set(name, { css: bytes, ...compressed(bytes, 5) });
      // The oldest first: a Map keeps the order sheets were stored in.
      if (sheets.size > storedSheets) sheets.delete(sheets.keys().next().value!);
    }
    return `/assets/${name}`;
  };
  // Brotli at quality 5 for the request that renders the page (about 1 ms against 130 ms at 11);
  // the cache replaces it with quality 11 off the event loop (server/careers/page-cache.ts). A
  // page's sheet keeps quality 5: made once per set of rules, it is 8–9% larger than at 11
  // (490–610 B on the build's sheets).
  const finish = postRenderer({ clientDir, boot: readPageBoot(clientDir), brotliQuality: 5, pageSheet });
  return {
    pageSheet: (name) => sheets.get(name),
    wholeSheet,
    sharePicture,
    formPages,
    livePages,
    async renderResource(address, context) {
      const response = await handle(new Request(new URL(address, origin)), context);
      const body = await response.text();
      if (response.status >= 500)
        throw new Error(`${new URL(address, origin).pathname} could not be rendered (${response.status})`);
      return { status: response.status, type: response.headers.get("content-type") ?? "text/plain", body };
    },
    async renderAnswer(path, answer, context = {}) {
      // A POST runs the route's action, which returns the answer from the load context; the
      // request has no body: the server has read the visitor's post already.
      const response = await handle(new Request(new URL(path, origin), { method: "POST" }), {
        ...context,
        formAnswer: answer,
      });
      const html = await response.text();
      if (response.status >= 500) throw new Error(`${path} could not answer a form post (${response.status})`);
      return { status: response.status, html };
    },
    async render(address, context) {
      const response = await handle(new Request(new URL(address, origin)), context);
      const html = await response.text();
      // A loader that could not make the page (a role's description the Markdown renderer cannot
      // take): the caller answers its own page for it.
      if (response.status >= 500)
        throw new Error(`${new URL(address, origin).pathname} could not be rendered (${response.status})`);
      return { status: response.status, ...(await finish(html)) };
    },
  };
}
