/**
 * The site's addresses answered from the content store (issue 41, decision 067). Once the store
 * holds a live item of a collection, its list, item, group and feed addresses and the pages that
 * show its items (the root route's `livePages` table says which) are rendered per request by the
 * site's server build with the live content in the load context, finished by the post-render step
 * and kept per content stamp (live-content.ts). Until then, and for every other address, the
 * request falls through to the prerendered files (server/routes/site.ts calls `answer` after the
 * redirects, so an old slug's 301 still comes first). Nothing is written to the build folder.
 *
 * /preview/<token>: a signed, unexpired token (preview.ts) shows the item's draft as its real page,
 * with noindex in the page and the header, never kept by this cache or any shared one, while its
 * maker may still edit content (decision 077); anything else answers 404. Each client may ask for
 * PREVIEW_RATE_LIMIT_MAX of them a minute, counted in Redis when there is one: every preview is a
 * fresh render.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import type { CollectionName } from "../../contracts/content/items";
import {
  groupNamesOf,
  groupSlug,
  type LiveCollectionPages,
  type SiteContent,
} from "../../contracts/content/site-context";
import type { Config } from "../config";
import type { Storage } from "../db/db";
import { pageCsp, strictCsp } from "../plugins/security-headers";
import type { SiteRenderer } from "../render/site-render";
import { cachedBody, encodedBody, finishedPage, pickEncoding, unchanged, type CachedPage } from "../careers/page-cache";
import { LiveContent, imageIdsIn, imagesOf } from "./live-content";
import { makerMayPreview, previewKey, verifyPreview } from "../content/preview";
import { routesRateLimit } from "../plugins/rate-limit";
import type { StaffRoleTable } from "../../contracts/staff/permissions";
import { issuesOf, itemById } from "../content/store";

export interface LiveSiteOptions {
  site: SiteRenderer;
  storage: Storage;
  now: () => Date;
  /** How often the content stamp is read again (ms); 5 s unless a test says otherwise. */
  stampEvery?: number;
  connectSrc?: readonly string[];
  /** Told of each page rendered (a cache miss). */
  onRender?: (key: string) => void;
}

/** What an address is to a stored collection. */
type Match =
  | { entry: LiveCollectionPages; kind: "page" | "feed" }
  | { entry: LiveCollectionPages; kind: "item" | "group"; slug: string };

const slugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The stored collections an address belongs to, first match; the pages that show items name every collection they show. */
export function matchLive(table: readonly LiveCollectionPages[], pathname: string): Match[] {
  const out: Match[] = [];
  for (const entry of table) {
    if (pathname === entry.list || entry.shownOn.includes(pathname)) out.push({ entry, kind: "page" });
    else if (entry.feed === pathname) out.push({ entry, kind: "feed" });
    else if (entry.groups && pathname.startsWith(entry.groups.under))
      out.push({ entry, kind: "group", slug: pathname.slice(entry.groups.under.length) });
    else if (entry.itemsUnder && pathname.startsWith(entry.itemsUnder))
      out.push({ entry, kind: "item", slug: pathname.slice(entry.itemsUnder.length) });
  }
  return out;
}

/** The group slugs of a collection's live items (`field` read as the site reads it). */
function groupSlugsOf(content: SiteContent, entry: LiveCollectionPages): Set<string> {
  const items = content.items[entry.collection] ?? [];
  return new Set(items.flatMap((i) => groupNamesOf(i.data, entry.groups?.field).map(groupSlug)));
}

const escapeXml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/**
 * The build's sitemap with each stored collection's item and group entries replaced by the live
 * ones, each with its lastmod (the day it went live; a group's, its newest item's). Collections the
 * store holds nothing of keep the build's entries.
 */
export function sitemapWithContent(sitemap: string, table: readonly LiveCollectionPages[], content: SiteContent) {
  const origin = /<loc>(https?:\/\/[^/<]+)/.exec(sitemap)?.[1];
  if (!origin) throw new Error("The build's sitemap has no entry to take the site's origin from.");
  const stored = table.filter((e) => (content.items[e.collection]?.length ?? 0) > 0);
  const prefixes = stored.flatMap((e) => [
    ...(e.itemsUnder ? [e.itemsUnder] : []),
    ...(e.groups ? [e.groups.under] : []),
  ]);
  const kept = sitemap
    .split("\n")
    .filter((line) => !prefixes.some((prefix) => line.includes(`<loc>${escapeXml(origin + prefix)}`)));
  const entry = (path: string, lastmod: string) =>
    `  <url><loc>${escapeXml(origin + path)}</loc><lastmod>${lastmod.slice(0, 10)}</lastmod></url>`;
  const added: string[] = [];
  for (const e of stored) {
    const items = content.items[e.collection]!;
    const groups = new Map<string, string>();
    for (const item of items) {
      // Items without a page of their own (the team) have no entry; their page keeps the build's.
      if (e.itemsUnder) added.push(entry(`${e.itemsUnder}${item.slug}`, item.publishedAt));
      for (const name of groupNamesOf(item.data, e.groups?.field)) {
        const slug = groupSlug(name);
        if ((groups.get(slug) ?? "") < item.publishedAt) groups.set(slug, item.publishedAt);
      }
    }
    for (const [slug, lastmod] of groups) added.push(entry(`${e.groups!.under}${slug}`, lastmod));
  }
  const end = kept.findIndex((line) => line.includes("</urlset>"));
  kept.splice(end, 0, ...added);
  return kept.join("\n");
}

/** The short page every address of nothing under /preview/ answers: it says nothing of what a token held. */
const previewMissing = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>Page not found | Altiva Cloud</title></head><body><main><h1>Page not found</h1><p>This preview link is not valid. <a href="/">Go to the home page</a>.</p></main></body></html>`;
const previewNotReady = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>This draft cannot be previewed yet | Altiva Cloud</title></head><body><main><h1>This draft cannot be previewed yet</h1><p>Some of its fields still need attention in the console; they are listed under each field there. Open the link again once they are filled in.</p></main></body></html>`;

export interface LiveSite {
  content: LiveContent;
  /** Answers the request when the address is a stored collection's page and the store holds the collection; false to fall through. */
  answer(req: FastifyRequest, reply: FastifyReply): Promise<boolean>;
  /** The sitemap as the content stands, with the stamp it was made under. */
  sitemap(build: string): Promise<{ stamp: string; xml: string }>;
}

export function liveSite(options: LiveSiteOptions): LiveSite {
  const { site, storage, now, connectSrc = [] } = options;
  const table = site.livePages;
  const content = new LiveContent(
    storage,
    table.map((e) => e.collection),
    now,
    options.stampEvery,
    options.onRender,
  );
  const policies = new WeakMap<CachedPage, string>();
  const send = (req: FastifyRequest, reply: FastifyReply, page: CachedPage, type = "text/html; charset=utf-8") => {
    let policy = policies.get(page);
    if (policy === undefined)
      policies.set(page, (policy = page.scriptHashes ? pageCsp(page.scriptHashes, connectSrc) : strictCsp));
    reply.code(page.status).headers({
      "Content-Type": type,
      // Asked again every time (a publish may change it any moment); the ETag makes asking cheap.
      "Cache-Control": "no-cache",
      Vary: "Accept-Encoding",
      ETag: page.etag,
      "Content-Security-Policy": policy,
    });
    if (page.status === 200 && unchanged(req, page.etag)) return reply.code(304).send();
    const encoding = pickEncoding(req.headers["accept-encoding"]);
    if (!encoding) return reply.send(page.body);
    reply.header("Content-Encoding", encoding);
    return reply.send(encodedBody(page, encoding));
  };
  const rendered = async (address: string, context: SiteContent) => {
    const page = await site.render(address, { content: context });
    return finishedPage(page.status as CachedPage["status"], page);
  };

  return {
    content,
    async answer(req, reply) {
      const pathname = req.url.split("?")[0]!;
      const matches = matchLive(table, pathname);
      if (matches.length === 0) return false;
      let live: SiteContent;
      try {
        live = await content.content();
      } catch (err) {
        // The database away: the prerendered pages answer until it is back (tried again next request).
        req.log.warn({ err }, "the content store could not be read: the prerendered page answers");
        return false;
      }
      const match = matches.find((m) => (live.items[m.entry.collection]?.length ?? 0) > 0);
      if (!match) return false;
      const { entry } = match;
      let key = pathname;
      let address = pathname;
      if (match.kind === "item") {
        const known = live.items[entry.collection]!.some((i) => i.slug === match.slug);
        // Every address of no live item shares one page: made-up slugs cost one cache entry.
        if (!known) [key, address] = [`${entry.collection}:missing`, entry.missing!];
      } else if (match.kind === "group") {
        const known = slugPattern.test(match.slug) && groupSlugsOf(live, entry).has(match.slug);
        if (!known) [key, address] = [`${entry.collection}:missing-group`, `${entry.groups!.under}__missing`];
      }
      try {
        if (match.kind === "feed") {
          const feed = await content.page(key, async (context) => {
            const answer = await site.renderResource(address, { content: context });
            return cachedBody(answer.status as CachedPage["status"], Buffer.from(answer.body, "utf8"));
          });
          await send(req, reply, feed, `${entry.feedType ?? "application/rss+xml"}; charset=utf-8`);
          return true;
        }
        const page = await content.page(key, (context) => rendered(address, context));
        if (page.status !== 200) reply.header("X-Robots-Tag", "noindex");
        await send(req, reply, page);
        return true;
      } catch (err) {
        // A page the build cannot render from the store: the prerendered one answers meanwhile.
        req.log.error({ err, page: pathname }, "a page could not be rendered from the content store");
        return false;
      }
    },
    async sitemap(build) {
      const live = await content.content();
      return { stamp: content.stampValue(), xml: sitemapWithContent(build, table, live) };
    },
  };
}

export interface PreviewRoutesOptions {
  config: Config;
  live: LiveSite;
  site: SiteRenderer;
  storage: Storage;
  now: () => Date;
  connectSrc?: readonly string[];
  /** The staff roles' table, which says whose links still work (those who hold content:edit). */
  staffRoles: StaffRoleTable;
}

/** GET /preview/<token>: the draft as its real page, for whoever holds a valid link, and kept nowhere. */
export const previewRoutes: FastifyPluginAsync<PreviewRoutesOptions> = async (app, options) => {
  const { config, live, site, storage, now, connectSrc = [], staffRoles } = options;
  await routesRateLimit(app, config, {
    max: config.content.previewRateMax,
    nameSpace: "preview-rl:",
    message: (wait) => `Too many preview pages from your address. Please try again in ${wait}.`,
  });
  let key: Promise<Buffer> | undefined;
  const keyOf = () => {
    key ??= previewKey(config, storage);
    key.catch(() => (key = undefined));
    return key;
  };
  const answer = (reply: FastifyReply, status: number, html: string | Buffer) =>
    reply
      .code(status)
      .headers({
        "Content-Type": "text/html; charset=utf-8",
        // Neither the browser, a proxy nor a CDN keeps a draft; the link carries its token.
        "Cache-Control": "private, no-store",
        "X-Robots-Tag": "noindex",
        "Referrer-Policy": "no-referrer",
      })
      .send(html);

  // A wildcard, not ":token": a token is longer than the router's 100-character limit on a parameter.
  app.get<{ Params: { "*": string } }>("/preview/*", async (req, reply) => {
    const key = await keyOf();
    const target = verifyPreview(key, req.params["*"], now());
    const entry = target && site.livePages.find((e) => e.collection === target.collection);
    const maker = target && entry && (await makerMayPreview(storage.db, key, target.maker, staffRoles));
    const row = maker && (await itemById(storage.db, target.collection, target.id));
    if (!target || !entry || !row)
      return answer(reply.header("Content-Security-Policy", strictCsp), 404, previewMissing);
    const draft = JSON.parse(row.draft_data) as Record<string, unknown> & { slug: string };
    if (issuesOf(target.collection, draft).length > 0)
      return answer(reply.header("Content-Security-Policy", strictCsp), 409, previewNotReady);
    const context = await previewContent(live, storage, target.collection, row.live_slug, draft, now());
    // An item without a page of its own is previewed on the page that lists it (a team member on
    // /team), else on the first page that shows it (a proof block on the home page).
    const address = entry.itemsUnder ? `${entry.itemsUnder}${draft.slug}` : (entry.list ?? entry.shownOn[0] ?? "/");
    const page = await site.render(address, { content: context });
    if (page.status !== 200) return answer(reply.header("Content-Security-Policy", strictCsp), 404, previewMissing);
    reply.header("Content-Security-Policy", pageCsp(page.scriptHashes, connectSrc)).header("Vary", "Accept-Encoding");
    const encoding = pickEncoding(req.headers["accept-encoding"]);
    if (encoding) reply.header("Content-Encoding", encoding);
    return answer(reply, 200, encoding ? page[encoding] : page.html);
  });
};

/** The live content with this item's draft in place of its live version (or beside the others, never live yet). */
async function previewContent(
  live: LiveSite,
  storage: Storage,
  collection: CollectionName,
  liveSlug: string | null,
  draft: Record<string, unknown> & { slug: string },
  at: Date,
): Promise<SiteContent> {
  const current = await live.content.content();
  const others = (current.items[collection] ?? []).filter((i) => i.slug !== liveSlug && i.slug !== draft.slug);
  return {
    items: {
      ...current.items,
      [collection]: [...others, { slug: draft.slug, data: draft, publishedAt: at.toISOString() }],
    },
    images: { ...current.images, ...(await imagesOf(storage, imageIdsIn(draft))) },
    preview: { collection, slug: draft.slug },
  };
}
