/**
 * The staff console under /admin (docs/decisions/019-staff-console.md): its pages and its API.
 * Every answer but the hashed assets is no-store, and all are noindex with the console's own CSP;
 * every state-changing request must come from the console's origin; every route declares the permission it needs (access.ts).
 */
import type { FastifyInstance } from "fastify";
import { staffRoles as houseStaffRoles, type StaffRoleTable } from "../../contracts/staff/permissions";
import type { Config } from "../config";
import type { Storage } from "../db/db";
import { assignmentRoutes } from "./assignment-routes";
import { accountRoutes } from "./account-routes";
import { authRoutes } from "./auth-routes";
import { consoleFiles } from "./console-files";
import { consoleAccess, signedIn } from "./access";
import { decisionRoutes } from "./decision-routes";
import { bulkRoutes } from "./bulk-routes";
import { resumeViewRoutes } from "./resume-view-routes";
import { fail } from "./http";
import { ipOriginWarning } from "./origin-warning";
import { dueRoutes } from "./due-routes";
import { exportRoutes } from "./export-routes";
import { managementRoutes, outboxRoutes } from "./management-routes";
import { dashboardRoutes } from "./dashboard-routes";
import { weeklyReportRoutes } from "./weekly-report-routes";
import { outcomeRoutes } from "./outcome-routes";
import { peopleRoutes } from "./people-routes";
import { peoplesCopyRoutes } from "./peoples-copy-routes";
import { pipelineRoutes } from "./pipeline-routes";
import { quarantineRoutes } from "./quarantine-routes";
import { replyRoutes } from "./reply-routes";
import { roleRoutes } from "./role-routes";
import { routingRoutes } from "./routing-routes";
import { sessionCookieName } from "./sessions";
import { submissionRoutes } from "./submission-routes";
import { erasureRoutes } from "./erasure-routes";
import { positionRoutes } from "./position-routes";
import { redirectRoutes } from "./redirect-routes";
import { imageRoutes } from "../images/console-routes";
import { contentRoutes } from "./content-routes";
import type { AddRedirect } from "../content/redirect-seam";
import type { ImageUses } from "../content/image-seam";

export const consoleCsp = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self'",
  "connect-src 'self'",
  // The resume viewer's frame (decision 071); everything else stays unframeable.
  "frame-src 'self'",
  // pdf.js's worker, from the console's own assets (decision 076); never blob: or another host.
  "worker-src 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join("; ");

export interface ConsoleOptions {
  config: Config;
  storage: Storage;
  now: () => Date;
  /** Wakes the outbox worker after a message is queued again. */
  onQueued?: () => void;
  /** The staff roles; the house's (contracts/staff/permissions.ts) unless a test gives a row more. */
  staffRoles?: StaffRoleTable;
  /** The redirects part's addRedirect (server/content/redirect-seam.ts); tests give their own. */
  addRedirect?: AddRedirect;
  /** The images part's use counting (server/content/image-seam.ts); tests give their own. */
  imageUses?: ImageUses;
}

const safeMethods = new Set(["GET", "HEAD", "OPTIONS"]);

export async function staffConsole(app: FastifyInstance, opts: ConsoleOptions) {
  const { config, storage, now } = opts;
  const secure = new URL(config.admin.origin).protocol === "https:";
  const cookieName = sessionCookieName(secure);
  // Registered once per process (by app.ts, or console/app.ts with ADMIN_PORT): one line at start-up.
  const originWarning = ipOriginWarning(config.admin.origin);
  if (originWarning) app.log.warn(originWarning);

  app.addHook("onSend", async (_req, reply, payload) => {
    // Everything is no-store but the hashed assets, which say so themselves (console-files.ts).
    if (!reply.hasHeader("Cache-Control")) reply.header("Cache-Control", "no-store");
    reply.header("X-Robots-Tag", "noindex, nofollow");
    reply.header("Content-Security-Policy", consoleCsp);
    // same-origin (with the page's own meta tag), not no-referrer: under no-referrer the browser
    // sends `Origin: null` with the page's form posts (Export), which the check below refuses.
    reply.header("Referrer-Policy", "same-origin");
    return payload;
  });

  app.addHook("onRequest", async (req, reply) => {
    // A page on another origin cannot act with a signed-in person's cookie (SameSite=Strict is
    // the first guard, this the second): state changes need the console's own Origin.
    if (!safeMethods.has(req.method) && req.headers.origin !== config.admin.origin) {
      return fail(reply, 403, "This request did not come from the staff console.");
    }
  });
  const staffRoles = opts.staffRoles ?? houseStaffRoles;
  consoleAccess(app, { storage, now, cookieName, staffRoles });

  const shared = {
    config,
    storage,
    now,
    cookieName,
    secure,
    onQueued: opts.onQueued,
    staffRoles,
    addRedirect: opts.addRedirect,
    imageUses: opts.imageUses,
  };
  await authRoutes(app, shared);
  await accountRoutes(app, shared);
  await submissionRoutes(app, shared);
  await erasureRoutes(app, shared);
  await managementRoutes(app, shared);
  await outboxRoutes(app, shared);
  await peopleRoutes(app, shared);
  await quarantineRoutes(app, shared);
  await exportRoutes(app, shared);
  await peoplesCopyRoutes(app, shared);
  await roleRoutes(app, shared);
  await pipelineRoutes(app, shared);
  await decisionRoutes(app, shared);
  await bulkRoutes(app, shared);
  await resumeViewRoutes(app, shared);
  await dueRoutes(app, shared);
  await assignmentRoutes(app, shared);
  await replyRoutes(app, shared);
  await routingRoutes(app, shared);
  await positionRoutes(app, shared);
  await outcomeRoutes(app, shared);
  await dashboardRoutes(app, shared);
  await weeklyReportRoutes(app, shared);
  await redirectRoutes(app, shared);
  await imageRoutes(app, shared);
  await contentRoutes(app, shared);
  // Unknown API addresses: 401 without a session (the hook above), 404 with one.
  app.all("/admin/api/*", signedIn, async (_req, reply) => fail(reply, 404, "Not found."));
  consoleFiles(app, config.admin.buildDir);
}
