/**
 * Who may call which console route, declared where the route is declared: every route of the
 * console states `config.console` in its options, either `{ public: true }` (signing in, the
 * console's own files) or the roles it admits. One hook checks the route that matched, never the
 * raw URL, so `/%61dmin/api/me` or `//admin//api/me` meets the same check as `/admin/api/me`.
 * A route registered without a declaration stops the server at start-up.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from "fastify";
import type { Storage } from "../storage/db";
import { cookieValue, fail, forbidden } from "./http";
import { roles, type Role } from "./roles";
import { lookupSession } from "./sessions";

export type ConsoleAccess = { public: true } | { roles: readonly Role[] };

/** Route options for the three kinds of console route. */
export const everyone = { config: { console: { public: true } } } as const;
export const signedIn = { config: { console: { roles } } } as const;
export const only = (...allowed: Role[]) => ({ config: { console: { roles: allowed } } }) as const;

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
  opts: { storage: Storage; now: () => Date; cookieName: string },
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
    req.staff = session;
    req.sessionToken = token;
    if (!access.roles.includes(session.role)) return forbidden(reply);
  });
}
