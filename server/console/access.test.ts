/**
 * Who reaches which console route, proved over the routes as registered (app.consoleRoutes,
 * collected by access.ts's onRoute hook), not over a list written here: every route answers 401
 * without a session, and to each staff role exactly what the permissions table says, under every
 * spelling of its path. The server is given the house's roles (marketing among them), the partners
 * role of the fixture (server/test-support/added-role.ts: one row) and one role per permission holding it alone, so
 * the walk is every registered route × every role × every permission.
 */
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { staffAnswer } from "../../contracts/console-answers";
import { formDefinitions } from "../../contracts/forms/index";
import {
  permissions,
  permissionsOf,
  staffRoles,
  staffRoleNames,
  type Permission,
  type StaffRoleTable,
} from "../../contracts/staff/permissions";
import { buildApp } from "../app";
import { insertSubmission } from "../submissions/submissions";
import { rolesWithPartners } from "../test-support/added-role";
import { backends, useBackend } from "../test-support/backends";
import { validApplicationFields, validContact } from "../test-support/fixtures";
import { signedInStaff } from "../test-support/staff";
import { admits, consoleAccess, type ConsoleRoute } from "./access";
import { canonicalConsoleUrl } from "./console-path";
import { sessionCookieName } from "./sessions";

type App = Awaited<ReturnType<typeof buildApp>>;
const origin = "https://www.altivacloud.com";

/** The role that holds one permission and nothing else. */
const alone = (permission: Permission) => `only ${permission}`;
const table: StaffRoleTable = {
  ...rolesWithPartners,
  ...Object.fromEntries(permissions.map((p) => [alone(p), { label: p, permissions: [p] }])),
};
const everyRole = staffRoleNames(table);
/** The roles the people of this house have, and the fixture's: refused under every spelling. */
const namedRoles = staffRoleNames(rolesWithPartners);
const permitted = (role: string) => ({ permissions: permissionsOf(role, table) });
const readsNothing = (role: string) => !permissionsOf(role, table).some((p) => p.startsWith("submissions:read:"));

/**
 * Which of the house's roles each route admitted before permissions were data (the role lists
 * the routes named then), and the routes of decision 057 (outcomes for sales, the dashboard for
 * marketing): the table must give admin, hr, sales and marketing exactly these.
 */
const houseAccess: Record<string, string[]> = {
  "admin hr sales marketing": [
    "GET /admin/api/me",
    "POST /admin/api/sign-out",
    "POST /admin/api/sign-out-everywhere",
    // The person's own account and signature (decision 073): everyone signed in, for themselves only.
    "GET /admin/api/account",
    "POST /admin/api/account/signature",
    "POST /admin/api/account/answer-notice",
  ],
  "admin hr sales": [
    "POST /admin/api/inbox",
    "GET /admin/api/submissions/:id",
    "POST /admin/api/submissions/:id/status",
    "POST /admin/api/submissions/:id/notes",
    "GET /admin/api/submissions/:id/erase",
    "POST /admin/api/submissions/:id/erase",
    "POST /admin/api/erasure/scrub",
    "POST /admin/api/export",
    "POST /admin/api/submissions/:id/neighbours",
    // The board's bulk move, as the status route (to sales every id is unavailable, decision 071).
    "POST /admin/api/hiring/bulk/move",
    "GET /admin/api/submissions/:id/outcome",
  ],
  "admin hr": [
    "GET /admin/api/submissions/:id/resume",
    "GET /admin/api/roles",
    "GET /admin/api/roles/:id",
    "POST /admin/api/roles",
    "POST /admin/api/roles/:id",
    "POST /admin/api/roles/:id/publish",
    "POST /admin/api/roles/:id/close",
    "POST /admin/api/roles/:id/reopen",
    "GET /admin/api/hiring",
    "GET /admin/api/hiring/:id",
    "GET /admin/api/submissions/:id/candidate",
    "GET /admin/api/decision-templates",
    // Recruiters own the decision e-mails' templates (decision 071).
    "POST /admin/api/decision-templates",
    "POST /admin/api/submissions/:id/decision-mail/preview",
    "POST /admin/api/submissions/:id/decision-mail",
    // A role's board, several candidates at once (decision 071).
    "POST /admin/api/hiring/bulk/decision-mail/preview",
    "POST /admin/api/hiring/bulk/decision-mail",
    // The resume viewer: whoever may download a resume (decision 071).
    "GET /admin/api/submissions/:id/resume/view",
    "GET /admin/api/due",
    "POST /admin/api/submissions/:id/future-roles",
    "GET /admin/api/positions",
  ],
  admin: [
    "POST /admin/api/audit",
    "POST /admin/api/audit/export",
    "GET /admin/api/outbox",
    "GET /admin/api/unmatched-mail",
    "POST /admin/api/unmatched-mail/:id/dismiss",
    "POST /admin/api/outbox/:id/retry",
    "GET /admin/api/people",
    "POST /admin/api/invitations",
    "POST /admin/api/invitations/:id/cancel",
    "POST /admin/api/people/:id/revoke",
    "POST /admin/api/passkeys/:id/revoke",
    "GET /admin/api/quarantine",
    "GET /admin/api/quarantine/:id",
    "POST /admin/api/quarantine/:id/release",
    "POST /admin/api/quarantine/:id/delete",
    "POST /admin/api/peoples-copy",
    "POST /admin/api/reply-templates",
    "POST /admin/api/reply-templates/:id/delete",
    "GET /admin/api/routing",
    "GET /admin/api/mail-health",
    "POST /admin/api/routing",
    "POST /admin/api/routing/:id",
    "POST /admin/api/routing/:id/pause",
    "POST /admin/api/routing/:id/resume",
    "POST /admin/api/routing/:id/delete",
    "POST /admin/api/routing/:id/retry",
    "POST /admin/api/routing/:id/test",
    "POST /admin/api/positions",
    "POST /admin/api/positions/:id/retire",
    "POST /admin/api/positions/:id/offer",
  ],
  "admin sales": [
    "GET /admin/api/submissions/:id/assignment",
    "POST /admin/api/submissions/:id/assignment",
    "GET /admin/api/inbox/views",
    "GET /admin/api/reply-templates",
    "GET /admin/api/submissions/:id/reply",
    "POST /admin/api/submissions/:id/reply/draft",
    "POST /admin/api/submissions/:id/reply/preview",
    "POST /admin/api/submissions/:id/reply",
    "POST /admin/api/submissions/:id/outcome",
    // The dashboard's lead funnel without page views, for those who set outcomes (issue 42).
    "GET /admin/api/dashboard/outcomes",
  ],
  "admin marketing": [
    "GET /admin/api/dashboard",
    "GET /admin/api/dashboard/weekly-report",
    "POST /admin/api/dashboard/weekly-report",
    // Redirects (decision 062): "redirects:manage", for the dashboard's "Pages not found" too (issue 42).
    "GET /admin/api/redirects",
    "POST /admin/api/redirects",
    "POST /admin/api/redirects/:id/delete",
    // Images for content (issue 41, decision 063): "content:edit".
    "POST /admin/api/content/images",
    "GET /admin/api/content/images/variants/:name",
    "GET /admin/api/content/images/:id",
    "PATCH /admin/api/content/images/:id",
    "GET /admin/api/content/:collection",
    "GET /admin/api/content/:collection/:id",
    "POST /admin/api/content/:collection",
    "POST /admin/api/content/:collection/:id",
    "POST /admin/api/content/:collection/:id/publish",
    "POST /admin/api/content/:collection/:id/schedule",
    "POST /admin/api/content/:collection/:id/unpublish",
    "GET /admin/api/content/:collection/:id/revisions",
    "POST /admin/api/content/:collection/:id/restore",
    "POST /admin/api/content/:collection/:id/preview-link",
  ],
};

/** A concrete address for a route pattern: ids for parameters, a word for the wildcard. */
function concrete(url: string): string {
  return url
    .replace(/:id/g, "1")
    .replace(/:name/g, "index.js")
    .replace(/:collection/g, "case-studies")
    .replace(/\*$/, "no-such-thing");
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
  const cookies = {} as Record<string, string>;
  let apiRoutes: ConsoleRoute[];
  let enquiry: number;
  let application: number;

  beforeAll(async () => {
    app = await buildApp(env.config, { serveSite: false, now: () => clock, staffRoles: table });
    await app.ready();
    for (const role of everyRole) {
      cookies[role] = (await signedInStaff(app.storage.db, { role, name: `Probe ${role}` }, clock)).cookie;
    }
    apiRoutes = app.consoleRoutes.filter((r) => r.url.startsWith("/admin/api/"));
    const submit = async (kind: "contact" | "application", values: object) =>
      (
        await insertSubmission(
          app.storage,
          formDefinitions[kind],
          values as never,
          {
            ip: "192.0.2.7",
            userAgent: "Firefox",
            spam: false,
            now: clock,
          },
          [],
        )
      ).id;
    enquiry = await submit("contact", validContact);
    application = await submit("application", { ...validApplicationFields, email: "candidate@example.com" });
  }, 60_000);
  afterAll(() => app.close());

  const call = (route: { method: string }, url: string, cookie?: string) =>
    app.inject({
      method: route.method as "GET" | "POST",
      url,
      headers: { origin, "content-type": "application/json", ...(cookie ? { cookie } : {}) },
      payload: route.method === "GET" ? undefined : {},
    });
  const signedInRoutes = () => apiRoutes.filter((r) => !("public" in r.access));

  it("collects every console route with its declared access, each naming permissions of the table", () => {
    expect(apiRoutes.length).toBeGreaterThan(15);
    expect(apiRoutes.some((r) => "public" in r.access)).toBe(true);
    expect(apiRoutes.some((r) => "signedIn" in r.access)).toBe(true);
    for (const route of apiRoutes) {
      if (!("anyOf" in route.access)) continue;
      expect(route.access.anyOf.length, `${route.method} ${route.url}`).toBeGreaterThan(0);
      for (const p of route.access.anyOf) expect(permissions).toContain(p);
    }
  });

  it("gives admin, hr, sales and marketing the routes their role lists gave them, and 057's", () => {
    const now: Record<string, string[]> = {};
    for (const route of signedInRoutes().filter((r) => !r.url.endsWith("*"))) {
      const roles = staffRoleNames(staffRoles).filter((role) =>
        admits(route.access, { permissions: permissionsOf(role) }),
      );
      (now[roles.join(" ")] ??= []).push(`${route.method} ${route.url}`);
    }
    expect(now).toEqual(houseAccess);
  });

  it("answers 401 without a session and 403 to each role its permissions do not admit, however the path is spelled", async () => {
    let checked = 0;
    for (const route of signedInRoutes()) {
      for (const [how, url] of spellings(concrete(route.url))) {
        const anonymous = await call(route, url);
        expect(anonymous.statusCode, `${route.method} ${url} (${how}) without a session`).toBe(401);
        expect(anonymous.headers["cache-control"]).toBe("no-store");
        for (const role of namedRoles) {
          if (admits(route.access, permitted(role))) continue;
          const res = await call(route, url, cookies[role]);
          expect(res.statusCode, `${route.method} ${url} (${how}) as ${role}`).toBe(403);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(100);
  });

  it("walks every route × every role × every permission: refused exactly where the role holds none the route needs", async () => {
    const outcomes: string[] = [];
    for (const route of signedInRoutes()) {
      const url = concrete(route.url);
      for (const role of everyRole) {
        const expected = admits(route.access, permitted(role));
        // The sign-out routes end the session they are given: a session of its own for those.
        const cookie = route.url.includes("sign-out")
          ? (await signedInStaff(app.storage.db, { role, name: `Leaver ${outcomes.length}` }, clock)).cookie
          : cookies[role];
        const res = await call(route, url, cookie);
        const what = `${route.method} ${route.url} as ${role}`;
        expect(res.statusCode, what).not.toBe(401);
        if (!expected) {
          expect(res.statusCode, what).toBe(403);
        } else if (res.statusCode === 403) {
          // Past the route's check, a 403 still comes from the row (a submission of a kind the
          // role does not read) or from a role that reads no kind at all (nothing to export).
          expect(route.url.includes(":id") || readsNothing(role), what).toBe(true);
        }
        outcomes.push(`${what}: ${expected ? "admitted" : "refused"}`);
      }
    }
    // Each permission alone opens exactly the routes that name it (and those for anyone signed in).
    for (const permission of permissions) {
      const opened = signedInRoutes()
        .filter((r) => admits(r.access, permitted(alone(permission))))
        .filter((r) => !("signedIn" in r.access));
      const naming = signedInRoutes().filter((r) => "anyOf" in r.access && r.access.anyOf.includes(permission));
      expect(opened, permission).toEqual(naming);
    }
    expect(outcomes.length).toBe(signedInRoutes().length * everyRole.length);
  });

  it("refuses marketing every route but the dashboard, redirects and content: no application, resume, person, template or enquiry", async () => {
    const passed: string[] = [];
    for (const route of signedInRoutes()) {
      if (route.url.includes("sign-out")) continue;
      const res = await call(route, concrete(route.url), cookies.marketing);
      if (res.statusCode !== 403) passed.push(`${route.method} ${route.url}`);
    }
    expect(passed.filter((r) => !r.endsWith("/admin/api/*"))).toEqual([
      "GET /admin/api/me",
      "GET /admin/api/account",
      "POST /admin/api/account/signature",
      "POST /admin/api/account/answer-notice",
      ...houseAccess["admin marketing"]!,
    ]);
    for (const path of [
      "/admin/api/hiring",
      "/admin/api/people",
      "/admin/api/decision-templates",
      "/admin/api/reply-templates",
    ]) {
      expect((await call({ method: "GET" }, path, cookies.marketing)).statusCode, path).toBe(403);
    }
    for (const id of [enquiry, application]) {
      expect((await call({ method: "GET" }, `/admin/api/submissions/${id}`, cookies.marketing)).statusCode).toBe(403);
    }
    expect(
      (await call({ method: "GET" }, `/admin/api/submissions/${application}/resume`, cookies.marketing)).statusCode,
    ).toBe(403);
  });

  it("opens the team's and the portfolio's content routes to marketing and admins; hr and sales get 403", async () => {
    const content = signedInRoutes().filter((r) => r.url.startsWith("/admin/api/content/:collection"));
    expect(content).toHaveLength(10);
    for (const collection of ["team", "portfolio"])
      for (const route of content) {
        const url = concrete(route.url).replace("/content/case-studies", `/content/${collection}`);
        for (const role of ["hr", "sales"])
          expect((await call(route, url, cookies[role])).statusCode, `${route.method} ${url} as ${role}`).toBe(403);
        for (const role of ["marketing", "admin"])
          expect((await call(route, url, cookies[role])).statusCode, `${route.method} ${url} as ${role}`).not.toBe(403);
      }
  });

  it("refuses the added partners role every route but reading enquiries, and shows it only enquiries", async () => {
    const passed: string[] = [];
    for (const route of signedInRoutes()) {
      if (route.url.includes("sign-out")) continue;
      const res = await call(route, concrete(route.url), cookies.partners);
      if (res.statusCode !== 403) passed.push(`${route.method} ${route.url}`);
    }
    expect(passed.filter((r) => !r.endsWith("/admin/api/*"))).toEqual([
      "GET /admin/api/me",
      "GET /admin/api/account",
      "POST /admin/api/account/signature",
      "POST /admin/api/account/answer-notice",
      "POST /admin/api/inbox",
      "GET /admin/api/submissions/:id",
      "POST /admin/api/submissions/:id/neighbours",
      "GET /admin/api/submissions/:id/outcome",
    ]);

    const me = staffAnswer.parse((await call({ method: "GET" }, "/admin/api/me", cookies.partners)).json().data);
    expect(me).toMatchObject({ role: "partners", roleLabel: "Partners", permissions: ["submissions:read:contact"] });
    const inbox = await call({ method: "POST" }, "/admin/api/inbox", cookies.partners);
    expect(inbox.statusCode).toBe(200);
    const rows = (inbox.json() as { data: { rows: { id: number; kind: string }[] } }).data.rows;
    expect(rows.map((r) => r.id)).toContain(enquiry);
    expect(rows.every((r) => r.kind === "contact")).toBe(true);
    expect((await call({ method: "GET" }, `/admin/api/submissions/${enquiry}`, cookies.partners)).statusCode).toBe(200);
    expect((await call({ method: "GET" }, `/admin/api/submissions/${application}`, cookies.partners)).statusCode).toBe(
      403,
    );
    const byKind = await app.inject({
      method: "POST",
      url: "/admin/api/inbox",
      headers: { origin, "content-type": "application/json", cookie: cookies.partners },
      payload: { kind: "application" },
    });
    expect(byKind.statusCode).toBe(403);
  });

  it("gives the lead funnel to sales and admins, who set outcomes and read enquiries, and to no one who does not read them", async () => {
    const outcomes = (role: string) =>
      call({ method: "GET" }, "/admin/api/dashboard/outcomes?period=30d", cookies[role]).then((r) => r.statusCode);
    expect(await outcomes("sales")).toBe(200);
    expect(await outcomes("admin")).toBe(200);
    // Past the route's check: setting outcomes alone reads no enquiry, so it counts none.
    expect(await outcomes(alone("enquiries:outcome"))).toBe(403);
    expect(await outcomes("marketing")).toBe(403);
  });

  it("lets marketing and admins edit the proof blocks, and refuses hr and sales every content route of them (decision 079)", async () => {
    const contentRoutes = signedInRoutes().filter((r) => r.url.startsWith("/admin/api/content/:collection"));
    expect(contentRoutes.length).toBeGreaterThan(5);
    for (const collection of ["testimonials", "client-logos", "partner-badges"]) {
      for (const route of contentRoutes) {
        const url = concrete(route.url).replace("/case-studies", `/${collection}`);
        for (const role of ["hr", "sales"])
          expect((await call(route, url, cookies[role])).statusCode, `${route.method} ${url} as ${role}`).toBe(403);
      }
      const list = { method: "GET" };
      for (const role of ["marketing", "admin"])
        expect((await call(list, `/admin/api/content/${collection}`, cookies[role])).statusCode, role).toBe(200);
    }
  });

  it("treats a forged or unknown session cookie as no session", async () => {
    const me = apiRoutes.find((r) => r.url === "/admin/api/me")!;
    const forged = `${sessionCookieName(true)}=forged-${"x".repeat(40)}`;
    expect((await call(me, "/admin/api/me", forged)).statusCode).toBe(401);
  });

  it("gives a role the table no longer holds no permission: signed in, refused everything else", async () => {
    const { cookie } = await signedInStaff(app.storage.db, { role: "retired role", name: "Gone Role" }, clock);
    for (const route of signedInRoutes()) {
      if (route.url.includes("sign-out")) continue;
      const res = await call(route, concrete(route.url), cookie);
      const what = `${route.method} ${route.url}`;
      if ("signedIn" in route.access) expect(res.statusCode, what).not.toBeOneOf([401, 403]);
      else expect(res.statusCode, what).toBe(403);
    }
  });
});

describe("route declarations", () => {
  it("stops start-up when a console route declares no access", async () => {
    const app = Fastify();
    const start = async () => {
      await app.register(async (scope) => {
        consoleAccess(scope, { storage: {} as never, now: () => new Date(), cookieName: "c", staffRoles });
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
