/**
 * Who reaches which console route, proved over the routes as registered (app.consoleRoutes,
 * collected by access.ts's onRoute hook), not over a list written here: every route answers 401
 * without a session and 403 to each role it does not name, under every spelling of its path.
 */
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { backends, useBackend } from "../test-support/backends";
import { signedInStaff } from "../test-support/staff";
import { consoleAccess, type ConsoleRoute } from "./access";
import { canonicalConsoleUrl } from "./console-path";
import { roles, type Role } from "./roles";
import { sessionCookieName } from "./sessions";

type App = Awaited<ReturnType<typeof buildApp>>;
const origin = "https://www.altivacloud.com";

/** A concrete address for a route pattern: ids for parameters, a word for the wildcard. */
function concrete(url: string): string {
  return url.replace(/:id/g, "1").replace(/:name/g, "index.js").replace(/\*$/, "no-such-thing");
}

/** The same address spelled as an attacker might: percent-encoded, doubled slashes, upper case. */
function spellings(url: string): [string, string][] {
  return [
    ["as registered", url],
    ["percent-encoded", url.replace("/admin/api/", "/%61dmin/%61pi/")],
    ["doubled slashes", url.replace("/admin/api/", "//admin//api//")],
    ["upper case", url.replace("/admin/api/", "/ADMIN/API/")],
    ["mixed", url.replace("/admin/api/", "/%41dmin//Api/")],
  ];
}

describe.each(backends)("console access on %s", (backend) => {
  const env = useBackend(backend, { RATE_LIMIT_MAX: "0" });
  let app: App;
  const clock = new Date("2026-11-23T09:00:00.000Z");
  const cookies = {} as Record<Role, string>;
  let apiRoutes: ConsoleRoute[];

  beforeAll(async () => {
    app = await buildApp(env.config, { serveSite: false, now: () => clock });
    await app.ready();
    for (const role of roles) {
      cookies[role] = (await signedInStaff(app.storage.db, { role, name: `Probe ${role}` }, clock)).cookie;
    }
    apiRoutes = app.consoleRoutes.filter((r) => r.url.startsWith("/admin/api/"));
  }, 60_000);
  afterAll(() => app.close());

  const call = (route: ConsoleRoute, url: string, cookie?: string) =>
    app.inject({
      method: route.method as "GET" | "POST",
      url,
      headers: { origin, "content-type": "application/json", ...(cookie ? { cookie } : {}) },
      payload: route.method === "GET" ? undefined : {},
    });

  it("collects every console route with its declared access", () => {
    expect(apiRoutes.length).toBeGreaterThan(15);
    expect(apiRoutes.some((r) => "public" in r.access)).toBe(true);
    expect(apiRoutes.some((r) => "roles" in r.access && r.access.roles.length === 1)).toBe(true);
  });

  it("answers 401 without a session and 403 to each role a route does not name, however the path is spelled", async () => {
    let checked = 0;
    for (const route of apiRoutes) {
      if (!("roles" in route.access)) continue;
      for (const [how, url] of spellings(concrete(route.url))) {
        const anonymous = await call(route, url);
        expect(anonymous.statusCode, `${route.method} ${url} (${how}) without a session`).toBe(401);
        expect(anonymous.headers["cache-control"]).toBe("no-store");
        for (const role of roles) {
          if (route.access.roles.includes(role)) continue;
          const res = await call(route, url, cookies[role]);
          expect(res.statusCode, `${route.method} ${url} (${how}) as ${role}`).toBe(403);
          checked++;
        }
      }
    }
    // Admin-only routes alone give two refused roles each.
    expect(checked).toBeGreaterThan(20);
  });

  it("lets each named role past the check", async () => {
    let n = 0;
    for (const route of apiRoutes) {
      if (!("roles" in route.access)) continue;
      for (const role of route.access.roles) {
        // A session of its own for each call: the sign-out routes end the one they are given.
        const { cookie } = await signedInStaff(app.storage.db, { role, name: `Caller ${++n}` }, clock);
        const res = await call(route, concrete(route.url), cookie);
        expect(res.statusCode, `${route.method} ${route.url} as ${role}`).not.toBe(401);
        // 403 may still come from the row itself (an application's id to sales), never the route.
        if (res.statusCode === 403) expect(route.url).toMatch(/:id/);
      }
    }
  });

  it("treats a forged or unknown session cookie as no session", async () => {
    const me = apiRoutes.find((r) => r.url === "/admin/api/me")!;
    const forged = `${sessionCookieName(true)}=forged-${"x".repeat(40)}`;
    expect((await call(me, "/admin/api/me", forged)).statusCode).toBe(401);
  });
});

describe("route declarations", () => {
  it("stops start-up when a console route declares no access", async () => {
    const app = Fastify();
    const start = async () => {
      await app.register(async (scope) => {
        consoleAccess(scope, { storage: {} as never, now: () => new Date(), cookieName: "c" });
        scope.get("/admin/api/forgotten", async () => ({ status: true }));
      });
      await app.ready();
    };
    await expect(start()).rejects.toThrow("Console route GET /admin/api/forgotten declares no access.");
    await app.close();
  });

  it("spells console paths one way and leaves the site's paths alone", () => {
    expect(canonicalConsoleUrl("//ADMIN//Api//me?x=1")).toBe("/admin/api/me?x=1");
    expect(canonicalConsoleUrl("/%61dmin/api/passkeys/AbC-d_9/revoke")).toBe("/admin/api/passkeys/AbC-d_9/revoke");
    expect(canonicalConsoleUrl("/admin/")).toBe("/admin/");
    expect(canonicalConsoleUrl("//contact")).toBe("//contact");
    expect(canonicalConsoleUrl("/Contact")).toBe("/Contact");
    expect(canonicalConsoleUrl("/%E0%A4%A/x")).toBe("/%E0%A4%A/x");
  });
});
