import Fastify from "fastify";
import http from "node:http";
import fs from "node:fs";
import path from "node:path";
import { careerPath } from "../contracts/careers/roles";
import { canonicalConsoleUrl } from "./console/console-path";
import { staffConsole } from "./console/plugin";
import type { Config } from "./config";
import { answerPagesOf, type AnswerPages } from "./forms/answer-pages";
import { careersPageOf, rolePageOf } from "./forms/role-answer-page";
import { loggerOptions } from "./logging";
import type { MailOutcome } from "./mail/last-outcome";
import { instrumentRequests, metricsRoute } from "./metrics/exposition";
import { createMetrics, type Metrics } from "./metrics/metrics";
import { apiErrors } from "./plugins/api-errors";
import { closeConnectionsWhileDraining, type Drain } from "./plugins/drain";
import { securityHeaders } from "./plugins/security-headers";
import { healthRoutes } from "./routes/health";
import { inboundMailRoutes } from "./routes/inbound-mail";
import { measurementRoutes } from "./routes/measurement";
import { mediaRoutes } from "./images/media-route";
import { siteRoutes } from "./routes/site";
import { recordNotFound, referrerHostOf } from "./analytics/not-found";
import { careersRoutes } from "./careers/routes";
import { SiteRedirects } from "./redirects/site-redirects";
import { liveSite, previewRoutes } from "./live/live-routes";
import { loadSiteRenderer, type SiteRenderer } from "./render/site-render";
import { submissionRoutes } from "./routes/submissions";
import type { FormDefinitions } from "../contracts/forms/index";
import type { StaffRoleTable } from "../contracts/staff/permissions";
import { openStorage, type Storage } from "./db/db";
import { assertPublishedPeriods } from "./published-periods";
import { readSiteManifest } from "./site-manifest";
import type { AddRedirect } from "./content/redirect-seam";
import type { ImageUses } from "./content/image-seam";
import { staffRoles as houseStaffRoles } from "../contracts/staff/permissions";

export interface AppDeps {
  storage?: Storage;
  now?: () => Date;
  /** Serve the built site too (tests of the API alone may leave it out). */
  serveSite?: boolean;
  /** Answer pages of browser form posts without serving the site (tests load them from a small build). */
  answerPages?: AnswerPages;
  /** Where log lines go instead of stdout (tests read what the server logs). */
  logStream?: { write(line: string): void };
  /** The forms the API answers; the site's by default (a test may give one a field more). */
  forms?: FormDefinitions;
  /** How often the careers pages read the roles' stamp again (ms; server/careers/page-cache.ts). */
  careersStampEvery?: number;
  /** How often the live content pages read the content stamp again (ms; server/content/live-content.ts). */
  contentStampEvery?: number;
  /** Told of each page rendered from the content store (a cache miss): tests and the bench count them. */
  onLiveRender?: (key: string) => void;
  /** How often the site reads the redirects' stamp again (ms; server/redirects/site-redirects.ts). */
  redirectsStampEvery?: number;
  /** The site's pages a submission's source may name; by default the built site's manifest. */
  sitePages?: readonly string[];
  /** The console's staff roles; the house's by default (a test may give it a role more). */
  staffRoles?: StaffRoleTable;
  /** The redirects part's addRedirect for a live item's changed slug (server/content/redirect-seam.ts). */
  addRedirect?: AddRedirect;
  /** The images part's use counting for content (server/content/image-seam.ts). */
  imageUses?: ImageUses;
}

/** Builds the whole server (site and API) without listening, so tests can use inject(). */
export async function buildApp(config: Config, deps: AppDeps = {}) {
  const app = Fastify({
    logger: loggerOptions(config, deps.logStream),
    // X-Forwarded-For is believed only from the proxies TRUST_PROXY names (config.ts).
    trustProxy: config.trustProxy.length > 0 ? [...config.trustProxy] : false,
    // Our own http server so slow clients are checked often: Node looks for expired requests
    // only every connectionsCheckingInterval (30 s by default).
    serverFactory: (handler) =>
      http.createServer(
        {
          requestTimeout: config.requestTimeout,
          headersTimeout: Math.min(config.requestTimeout, 10_000),
          connectionsCheckingInterval: Math.max(250, Math.min(5_000, Math.floor(config.requestTimeout / 3))),
        },
        handler,
      ),
    bodyLimit: config.jsonBodyLimit,
    // A few hundred fields of nesting is already hostile; keep the JSON parser's work bounded.
    // One spelling of the console's addresses before routing (console-path.ts).
    rewriteUrl: (req) => canonicalConsoleUrl(req.url ?? "/"),
    onProtoPoisoning: "remove",
    onConstructorPoisoning: "remove",
    // During a drain (SIGTERM, index.ts) a request that arrives on an open keep-alive connection
    // is answered, not refused with 503; the hook below closes its connection after the answer.
    return503OnClosing: false,
  });
  // Set by SIGTERM (index.ts) or by close(): /readyz answers 503 "draining" from then on.
  const drain: Drain = { started: false };
  app.decorate("drain", drain);
  closeConnectionsWhileDraining(app, drain);
  // Settings that still work but should change (an old name): said once, at start-up.
  for (const warning of config.warnings) app.log.warn(warning);
  // The site as built: a retention setting that differs from what its policy pages state stops
  // start-up before anything is opened (published-periods.ts).
  const manifest = deps.serveSite !== false ? readSiteManifest(config.buildDir) : undefined;
  if (manifest) assertPublishedPeriods(manifest.statedPeriods, config.retention);
  const storage = deps.storage ?? (await openStorage({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  if (!deps.storage) app.addHook("onClose", () => storage.close());
  app.decorate("storage", storage);
  // Counted always (a few increments); served and timed per request only when /metrics is on.
  const metrics = createMetrics(storage, { processMetrics: config.metrics.enabled, now: deps.now });
  app.decorate("metrics", metrics);
  if (config.metrics.enabled) instrumentRequests(app, metrics);
  // Imported only when on, so that with tracing off no OpenTelemetry module loads.
  if (config.tracing.enabled) await (await import("./tracing/request-spans")).traceRequests(app, config.tracing);
  // With METRICS_PORT the public port has no /metrics (index.ts starts that listener).
  if (config.metrics.token !== undefined && config.metrics.port === undefined) {
    await app.register(metricsRoute, { metrics, token: config.metrics.token });
  }

  await app.register(securityHeaders);
  await app.register(apiErrors);
  // The mail transport's last send, recorded by the background jobs (jobs.ts), read by /readyz.
  const mailOutcome: MailOutcome = {};
  app.decorate("mailOutcome", mailOutcome);
  await app.register(healthRoutes, { storage, redisUrl: config.redisUrl, mail: mailOutcome, drain });
  app.decorate("outboxQueued", () => {});
  // The site's server build: the careers pages from the database's roles, rendered per request,
  // and the form pages answering a browser's own post (docs/decisions/060).
  const site: SiteRenderer | undefined = deps.serveSite !== false ? await loadSiteRenderer(config.buildDir) : undefined;
  // The pages a browser's own form post is answered with: the form routes of the same build.
  const answerPages = deps.answerPages ?? (site && answerPagesOf(site));
  await app.register(submissionRoutes, {
    config,
    storage,
    now: deps.now ?? (() => new Date()),
    onQueued: () => app.outboxQueued(),
    answerPages,
    forms: deps.forms,
    // A form posted from a role's page is returned on that page.
    rolePage:
      site &&
      rolePageOf(site, storage, deps.now ?? (() => new Date()), (err, role) =>
        app.log.error(
          { err, role },
          "careers role page could not be rendered: a form posted from it is returned on /career",
        ),
      ),
    // Any other application is answered on the careers page as it reads now.
    careersPage: site && careersPageOf(storage, deps.now ?? (() => new Date())),
    sitePages: deps.sitePages ?? manifest?.pages ?? [],
  });
  // Images uploaded in the console, from the database (server/images/, decision 063).
  await app.register(mediaRoutes, { storage });
  await app.register(measurementRoutes, { config, storage, now: deps.now ?? (() => new Date()) });
  // Answers forwarded by the mail provider (decision 058), when its signing key is set.
  await app.register(inboundMailRoutes, { config, storage, now: deps.now ?? (() => new Date()) });
  // The staff console, unless ADMIN_PORT gives it a listener of its own (server/console/app.ts).
  if (config.admin.port === undefined) {
    app.decorate("consoleRoutes", []);
    await app.register(staffConsole, {
      config,
      storage,
      now: deps.now ?? (() => new Date()),
      onQueued: () => app.outboxQueued(),
      staffRoles: deps.staffRoles,
      addRedirect: deps.addRedirect,
      imageUses: deps.imageUses,
    });
  }
  if (site) {
    // The pages of marketing's content, rendered per request once the store holds a collection's
    // items (decision 067), and the drafts' preview links.
    const live = liveSite({
      site,
      storage,
      now: deps.now ?? (() => new Date()),
      stampEvery: deps.contentStampEvery,
      connectSrc: site.formPages.apiOrigins,
      onRender: deps.onLiveRender,
    });
    await app.register(previewRoutes, {
      config,
      live,
      site,
      storage,
      now: deps.now ?? (() => new Date()),
      connectSrc: site.formPages.apiOrigins,
      staffRoles: deps.staffRoles ?? houseStaffRoles,
    });
    await app.register(careersRoutes, {
      contentSitemap: (sitemap) => live.sitemap(sitemap),
      site,
      sitemap: fs.readFileSync(path.join(config.buildDir, "sitemap.xml"), "utf8"),
      storage,
      now: deps.now ?? (() => new Date()),
      connectSrc: site?.formPages.apiOrigins,
      stampEvery: deps.careersStampEvery,
      shareLogo: path.join(config.buildDir, "favicon.svg"),
    });
    // The pages may call and post to API hosts on other origins (set at build time).
    await app.register(siteRoutes, {
      buildDir: config.buildDir,
      connectSrc: site?.formPages.apiOrigins,
      servedElsewhere: [careerPath],
      live: (req, reply) => live.answer(req, reply),
      pageSheets: { get: (name) => site.pageSheet(name), whole: site.wholeSheet },
      redirects: new SiteRedirects(storage, deps.now ?? (() => new Date()), deps.redirectsStampEvery),
      onRedirectsUnread: (err) => app.log.warn({ err }, "the redirects could not be read: the last copy answers"),
      // Counted after the answer, never holding it up; a failure costs a count, said in the log.
      onNotFound: (pagePath, referer) =>
        void recordNotFound(storage, pagePath, referrerHostOf(referer), (deps.now ?? (() => new Date()))()).catch(
          (err: unknown) => app.log.warn({ err }, "a page not found was not counted"),
        ),
    });
  } else {
    app.setNotFoundHandler((_req, reply) => reply.code(404).send({ status: false, message: "Not found." }));
  }
  return app;
}

declare module "fastify" {
  interface FastifyInstance {
    storage: Storage;
    /** Wakes the outbox worker after a submission (a no-op until background jobs start). */
    outboxQueued: () => void;
    /** Whether the server is draining (SIGTERM): /readyz says so, answers close their connection. */
    drain: Drain;
    /** How the mail transport's last send went (mail/last-outcome.ts). */
    mailOutcome: MailOutcome;
    /** The Prometheus series (metrics/metrics.ts). */
    metrics: Metrics;
  }
}
