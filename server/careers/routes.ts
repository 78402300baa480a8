/**
 * /career, /career/<slug> and /sitemap.xml from the roles in the database (issue 26), rendered by
 * the site's server build and finished by the post-render step (docs/decisions/055). Registered
 * before the static site, which leaves these addresses to this plugin.
 *
 * - /career: the open roles, filtered by `office` and `type` (values that are not an office or type
 *   of an open role are ignored, and never reach the page or the cache key).
 * - /career/<slug>: an open role's page (200); a role that was public and is no longer open,
 *   closed or past its last day, 410 with a short page; a draft, a role not yet posted or no role
 *   at all, the site's 404.
 * - /sitemap.xml: the build's entries and one per open role, with its lastmod.
 * - /og/career/<slug>.png: an open role's share picture (its page's og:image), drawn on the first
 *   request after a change to the roles and kept with the pages; for any other address, the 404.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import {
  careerPath,
  employmentTypes,
  isOpen,
  officeCities,
  rolePath,
  slugPattern,
  utcDay,
} from "../../contracts/careers/roles";
import type { CareersPageInput, RenderedRole } from "../../contracts/careers/pages-renderer";
import { pageCsp } from "../plugins/security-headers";
import { publishedRoles, roleBySlug, rolesStamp } from "../postings/job-roles";
import { offeredPositions, positionsStamp } from "../postings/positions";
import type { Storage } from "../db/db";
import type { JobPosting } from "../../contracts/careers/roles";
import { shareImageDir } from "../../contracts/share-image";
import { drawSharePicture, shareAssets, type ShareAssets } from "../share-image/draw";
import type { SiteRenderer } from "../render/site-render";
import { sitemapWithRoles } from "./sitemap";
import {
  CareersPageCache,
  cachedBody,
  cachedPage,
  encodedBody,
  finishedPage,
  pickEncoding,
  unchanged,
  type CachedPage,
} from "./page-cache";

export interface CareersRoutesOptions {
  /** The site's server build, which renders the pages from what this plugin reads of the database. */
  site: SiteRenderer;
  /** The build's sitemap.xml, to which the open roles are added. */
  sitemap: string;
  storage: Storage;
  now: () => Date;
  connectSrc?: readonly string[];
  /** How often the roles' stamp is read again (ms); 5 s unless a test says otherwise. */
  stampEvery?: number;
  /** The logo drawn on the roles' share pictures: the build's favicon.svg. */
  shareLogo: string;
  /**
   * The build's sitemap with the content store's live items in place of the build's ones
   * (server/content/live-routes.ts), and the stamp it was made under: kept per stamp.
   */
  contentSitemap?: (sitemap: string) => Promise<{ stamp: string; xml: string }>;
}

const publicRole = ({ id: _id, state: _state, ...role }: JobPosting): RenderedRole => role;

/** The filter of /career as the cache knows it: only the contract's offices and types, in one order. */
function filterKey(query: Record<string, unknown>): { office?: string; type?: string } {
  const one = (v: unknown) => (Array.isArray(v) ? v[0] : v);
  const office = (officeCities as readonly unknown[]).includes(one(query.office))
    ? String(one(query.office))
    : undefined;
  const type = Object.hasOwn(employmentTypes, String(one(query.type))) ? String(one(query.type)) : undefined;
  return { ...(office ? { office } : {}), ...(type ? { type } : {}) };
}

/** The answer for a role whose page cannot be rendered: short, with the way to the other roles. */
const unrenderable = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>This role's page cannot be shown | Altiva Cloud</title></head><body><main><h1>This role's page cannot be shown</h1><p>Something went wrong on our side. <a href="${careerPath}">See every open role</a>, or try this page again later.</p></main></body></html>`;

export const careersRoutes: FastifyPluginAsync<CareersRoutesOptions> = async (app, options) => {
  const { site, storage, now, connectSrc = [] } = options;
  // The pages show the roles and, in their form, the positions: a change to either moves the stamp.
  const stamp = async () => `${await rolesStamp(storage)}|${await positionsStamp(storage)}`;
  const cache = new CareersPageCache(stamp, now, options.stampEvery);
  /** A page as the site's server build renders it for this address and input, with the status it answers. */
  const rendered = async (address: string, careers: CareersPageInput) => {
    const page = await site.render(address, { careers });
    return finishedPage(page.status as CachedPage["status"], page);
  };

  // Each page's own inline scripts, hashed by the post-render step (the short 500 page has none);
  // the policy is written once per cached page, not per request.
  const policies = new WeakMap<CachedPage, string>();
  const policyOf = (page: CachedPage) => {
    let policy = policies.get(page);
    if (policy === undefined) policies.set(page, (policy = pageCsp(page.scriptHashes ?? [], connectSrc)));
    return policy;
  };

  const send = (req: FastifyRequest, reply: FastifyReply, page: CachedPage) => {
    const policy = policyOf(page);
    reply.code(page.status).headers({
      "Content-Type": "text/html; charset=utf-8",
      // Always asked again: a role may close at any moment; the ETag makes asking cheap.
      "Cache-Control": "no-cache",
      Vary: "Accept-Encoding",
      ETag: page.etag,
      "Content-Security-Policy": policy,
    });
    if (page.status !== 200) reply.header("X-Robots-Tag", "noindex");
    if (page.status === 200 && unchanged(req, page.etag)) return reply.code(304).send();
    const encoding = pickEncoding(req.headers["accept-encoding"]);
    if (!encoding) return reply.send(page.body);
    reply.header("Content-Encoding", encoding);
    return reply.send(encodedBody(page, encoding));
  };

  /** The roles open at this moment, newest posting first. */
  const openRoles = async () => (await publishedRoles(storage)).filter((r) => isOpen(r, now()));

  app.get(careerPath, async (req, reply) => {
    const filter = filterKey(req.query as Record<string, unknown>);
    const key = `list?${new URLSearchParams(filter).toString()}`;
    const page = await cache.page(key, async () => {
      const roles = (await openRoles()).map(publicRole);
      const positions = await offeredPositions(storage);
      return rendered(`${careerPath}?${new URLSearchParams(filter)}`, {
        kind: "list",
        roles,
        query: filter,
        positions,
      });
    });
    return send(req, reply, page);
  });

  // One page for every address of no public role. The address it is rendered at only picks the role
  // route: the page shows no part of it, and the input says there is no role.
  const missing = () => cache.page("missing", () => rendered(rolePath("no-such-role"), { kind: "missing" }));

  app.get<{ Params: { slug: string } }>(`${careerPath}/:slug`, async (req, reply) => {
    const { slug } = req.params;
    // Not a slug (the template's own address among them): no query, no cache entry.
    if (!slugPattern.test(slug) || slug.length > 100) return send(req, reply, await missing());
    const page = await cache.page(`role/${slug}`, async () => {
      const role = await roleBySlug(storage, slug);
      const moment = now();
      // Drafts and roles not yet posted were never public: unknown, as if there were none.
      // One shared page for every such address, so made-up slugs cost the cache no more than a key.
      if (!role || role.state === "draft" || role.datePosted > utcDay(moment)) return missing();
      if (!isOpen(role, moment)) return rendered(rolePath(slug), { kind: "gone", title: role.title });
      const positions = await offeredPositions(storage);
      try {
        return await rendered(rolePath(slug), { kind: "role", role: publicRole(role), positions });
      } catch (error) {
        // A description the renderer cannot take (saved before saves were checked, role-routes.ts):
        // logged here once, and the 500 kept with the pages until the roles change, so that
        // each request costs neither a render nor a stack trace in the log.
        req.log.error({ err: error, role: slug }, "careers role page could not be rendered");
        return cachedPage(500, unrenderable);
      }
    });
    return send(req, reply, page);
  });

  // Read on the first picture asked for: 21 face files (408 KB) that a server without open roles never needs.
  let assets: ShareAssets | undefined;
  const noPicture = cachedBody(404, Buffer.alloc(0));
  app.get<{ Params: { file: string } }>(`/${shareImageDir}${careerPath}/:file`, async (req, reply) => {
    const slug = req.params.file.replace(/\.png$/, "");
    const notFound = async () => send(req, reply, await missing());
    if (slug === req.params.file || !slugPattern.test(slug) || slug.length > 100) return notFound();
    const picture = await cache.page(`${shareImageDir}/${slug}`, async () => {
      const role = await roleBySlug(storage, slug);
      // Only a role whose page answers 200 has a picture: a draft's title never leaves the console.
      if (!role || !isOpen(role, now())) return noPicture;
      assets ??= shareAssets(options.shareLogo);
      return cachedBody(200, await drawSharePicture(site.sharePicture(publicRole(role)), assets));
    });
    if (picture.status !== 200) return notFound();
    reply.headers({
      "Content-Type": "image/png",
      // A crawler may keep it an hour; an edited title is drawn again and gets a new ETag.
      "Cache-Control": "public, max-age=3600",
      ETag: picture.etag,
    });
    if (unchanged(req, picture.etag)) return reply.code(304).send();
    return reply.send(picture.body);
  });

  app.get("/sitemap.xml", async (req, reply) => {
    const content = options.contentSitemap
      ? await options.contentSitemap(options.sitemap)
      : { stamp: "", xml: options.sitemap };
    const page = await cache.page(`sitemap|${content.stamp}`, async () =>
      cachedPage(200, sitemapWithRoles(content.xml, await openRoles(), careerPath)),
    );
    reply.headers({ "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "no-cache", ETag: page.etag });
    const encoding = pickEncoding(req.headers["accept-encoding"]);
    if (!encoding) return reply.send(page.body);
    reply.header("Content-Encoding", encoding).header("Vary", "Accept-Encoding");
    return reply.send(encodedBody(page, encoding));
  });
};
