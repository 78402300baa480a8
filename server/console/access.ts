/**
 * Who may call which console route, declared where the route is declared: every route of the
 * console states `config.console` in its options: `{ public: true }` (signing in, the console's
 * own files), `{ signedIn: true }` (anyone signed in: who they are, signing out), or the
 * permissions it admits, any one of which will do (contracts/staff/permissions.ts). One hook
 * checks the route that matched, never the raw URL, so `/%61dmin/api/me` or `//admin//api/me`
 * meets the same check as `/admin/api/me`. A route registered without a declaration stops the
 * server at start-up. The staff roles' table is the hook's: a role is what it permits.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from "fastify";
import {
  canAny,
  readPermissions,
  type Permission,
  type Permitted,
  type StaffRoleTable,
} from "../../contracts/staff/permissions";
import type { Storage } from "../db/db";
import { cookieValue, fail, forbidden } from "./http";
import { lookupSession, withPermissions } from "./sessions";

export type ConsoleAccess = { public: true } | { signedIn: true } | { anyOf: readonly Permission[] };

/** Route options for the kinds of console route. */
export const everyone = { config: { console: { public: true } } } as const;
export const signedIn = { config: { console: { signedIn: true } } } as const;
/** A route for those who hold this permission (or any one of these). */
export const needs = (...anyOf: [Permission, ...Permission[]]) => ({ config: { console: { anyOf } } }) as const;
/** A route that reads submissions: any kind will do, the route's own check then asks for the row's kind. */
export const readsSubmissions = { config: { console: { anyOf: readPermissions } } } as const;

/** Whether a signed-in person passes a route's declaration. */
export function admits(access: ConsoleAccess, staff: Permitted): boolean {
  if ("public" in access || "signedIn" in access) return true;
  return canAny(staff, access.anyOf);
}

export interface ConsoleRoute {
  method: string;
  url: string;
  access: ConsoleAccess;
}

declare module "fastify" {
  interface FastifyContextConfig {
    console?: ConsoleAccess;
  }
  interface FastifyInstance {
    /** The console's routes as registered (collected by the onRoute hook), for tests and docs. */
    consoleRoutes: ConsoleRoute[];
  }
}

export function consoleAccess(
  app: FastifyInstance,
  opts: { storage: Storage; now: () => Date; cookieName: string; staffRoles: StaffRoleTable },
): void {
  // The app that registers the console decorates itself first (app.ts), so the list is shared
  // with it; a console registered alone keeps its own.
  if (!app.hasDecorator("consoleRoutes")) app.decorate("consoleRoutes", []);
  const registered = app.consoleRoutes;

  app.addHook("onRoute", (route: RouteOptions) => {
    const access = route.config?.console;
    if (!access) throw new Error(`Console route ${String(route.method)} ${route.url} declares no access.`);
    for (const method of [route.method].flat()) {
      if (method !== "HEAD") registered.push({ method, url: route.url, access });
    }
  });

  app.addHook("onRequest", async (req: FastifyRequest, reply: FastifyReply) => {
    const access = req.routeOptions.config.console;
    // Only routes of this context reach here, and each declares its access (above).
    if (!access) return forbidden(reply);
    if ("public" in access) return;
    const token = cookieValue(req, opts.cookieName);
    const session = token ? await lookupSession(opts.storage.db, token, opts.now()) : undefined;
    if (!session || !token) return fail(reply, 401, "Sign in to continue.");
    req.staff = withPermissions(session, opts.staffRoles);
    req.sessionToken = token;
    if (!admits(access, req.staff)) return forbidden(reply);
  });
}
