/**
 * Quarantine belongs to admins until release (decision 027), against the real server and real
 * databases (SQLite and PostgreSQL). Every console route a role may call, as registered
 * (`app.consoleRoutes`), is called about a quarantined submission of every kind: none answers
 * with it, and those naming a submission answer exactly as for an id that does not
 * exist. After release it appears for the roles that own its kind.
 */
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { statusesOf } from "../../contracts/staff-console";
import { submissionKinds } from "../../contracts/console-answers";
import { buildApp } from "../app";
import { formDefinitions } from "../../contracts/forms/index";
import type { SubmissionKind } from "../db/schema";
import { insertSubmission } from "../submissions/submissions";
import { backends, useBackend } from "../test-support/backends";
import { pdf, validApplicationFields, validContact, validFeedback } from "../test-support/fixtures";
import { signedInStaff } from "../test-support/staff";
import { admits, type ConsoleRoute } from "./access";
import { permissionsOf } from "../../contracts/staff/permissions";
import {
  kindsOfRole as kindsFor,
  readingRoleList,
  roleSees as maySee,
  staffRoleList,
  type StaffRole,
} from "./staff-roles";

type App = Awaited<ReturnType<typeof buildApp>>;
const origin = "https://www.altivacloud.com";
const fieldsOf: Record<SubmissionKind, typeof validContact | typeof validFeedback | typeof validApplicationFields> = {
  contact: validContact,
  feedback: validFeedback,
  application: validApplicationFields,
};

/** Routes a role may call that could show a submission: those naming none, and those under submissions/:id. */
function routesFor(routes: readonly ConsoleRoute[], role: StaffRole) {
  return routes.filter(
    (r) =>
      r.url.startsWith("/admin/api/") &&
      !r.url.endsWith("*") &&
      !("public" in r.access) &&
      admits(r.access, { permissions: permissionsOf(role) }) &&
      // The Quarantine pages are where admins see quarantined submissions (quarantine-routes.test.ts).
      !r.url.startsWith("/admin/api/quarantine") &&
      (!r.url.includes(":") || r.url.startsWith("/admin/api/submissions/:id")),
  );
}

describe.each(backends)("quarantine visibility on %s", (backend) => {
  const env = useBackend(backend, { RATE_LIMIT_MAX: "0" });
  let app: App;
  const clock = new Date("2026-11-23T09:00:00.000Z");
  const now = () => clock;
  /** One quarantined submission of each kind, and its unique words (name, address, number). */
  const held = {} as Record<SubmissionKind, { id: number; marks: string[] }>;

  const person = (role: StaffRole) =>
    signedInStaff(app.storage.db, { role, name: `${role} ${crypto.randomBytes(4).toString("hex")}` }, clock);
  const call = (method: string, url: string, cookie: string, payload: object = {}) =>
    app.inject({
      method: method as "GET" | "POST",
      url,
      headers: { cookie, origin, ...(method === "GET" ? {} : { "content-type": "application/json" }) },
      ...(method === "GET" ? {} : { payload }),
    });

  async function store(kind: SubmissionKind, lastName: string, quarantined: boolean) {
    const email = `${lastName.toLowerCase()}@example.com`;
    const { id, reference } = await insertSubmission(
      app.storage,
      formDefinitions[kind],
      { ...fieldsOf[kind], firstName: "Quinta", lastName, email },
      {
        ip: "192.0.2.9",
        userAgent: null,
        spam: quarantined,
        spamVerdict: kind === "contact" ? "review" : "spam",
        spamReasons: [{ signal: "test", text: "arranged by the test" }],
        now: clock,
      },
      [],
      kind === "application"
        ? { original_name: "cv.pdf", detected_type: "pdf", size: 2048, sha256: "0".repeat(64), content: pdf() }
        : undefined,
    );
    return { id, marks: [lastName, email, ...(reference ? [reference] : [])] };
  }

  beforeAll(async () => {
    app = await buildApp(env.config, { serveSite: false, now });
    for (const kind of submissionKinds) {
      held[kind] = await store(kind, `Heldback${kind}`, true);
      await store(kind, `Ordinary${kind}`, false);
    }
  }, 60_000);
  afterAll(() => app.close());

  it("derives a sweep that covers the inbox, the detail view, the resume route, notes, status and export", () => {
    const urls = new Set(routesFor(app.consoleRoutes, "admin").map((r) => `${r.method} ${r.url}`));
    for (const expected of [
      "POST /admin/api/inbox",
      "POST /admin/api/export",
      "GET /admin/api/submissions/:id",
      "GET /admin/api/submissions/:id/resume",
      "POST /admin/api/submissions/:id/notes",
      "POST /admin/api/submissions/:id/status",
    ]) {
      expect(urls, expected).toContain(expected);
    }
  });

  it.each(staffRoleList)("no route %s may call shows a quarantined submission of any kind", async (role) => {
    for (const kind of submissionKinds) {
      const { id, marks } = held[kind];
      for (const route of routesFor(app.consoleRoutes, role)) {
        // A fresh person per call: sign-out and sign-out-everywhere end the session they use.
        const { cookie } = await person(role);
        const url = route.url.replace(":id", String(id));
        const named = route.url.includes(":id");
        // Routes naming a submission get one body they all take, so a state change is refused
        // for its target, not its input; the others (inbox, export) get no filter at all.
        const res = await call(
          route.method,
          url,
          cookie,
          named
            ? { status: statusesOf[kind][1], body: "A note about a quarantined submission", confirm: true }
            : { format: "json" },
        );
        const what = `${role}: ${route.method} ${url} (${kind})`;
        if (named) {
          // Answered exactly as an id that does not exist, so a role cannot find what is held.
          const missing = await call(route.method, route.url.replace(":id", "987654321"), (await person(role)).cookie, {
            status: statusesOf[kind][1],
            body: "A note about a quarantined submission",
            confirm: true,
          });
          expect(res.statusCode, what).toBe(missing.statusCode);
          expect([403, 404], what).toContain(res.statusCode);
        }
        for (const mark of marks) expect(res.body, what).not.toContain(mark);
      }
    }
    // Nothing was changed through those calls.
    const rows = await app.storage.db
      .selectFrom("submissions")
      .select(["id", "status", "spam"])
      .where("spam", "=", 1)
      .orderBy("id")
      .execute();
    expect(rows).toEqual(
      submissionKinds.map((k) => ({ id: held[k].id, status: "new", spam: 1 })).sort((a, b) => a.id - b.id),
    );
    const notes = await app.storage.db.selectFrom("submission_notes").select("id").execute();
    expect(notes).toEqual([]);
  });

  it.each(readingRoleList)(
    "%s's inbox and export still hold the ordinary submissions of the role's kinds",
    async (role) => {
      const { cookie } = await person(role);
      const inbox = (await call("POST", "/admin/api/inbox", cookie)).json().data as { rows: { name: string }[] };
      const exported = JSON.parse((await call("POST", "/admin/api/export", cookie, { format: "json" })).body) as {
        last_name: string;
      }[];
      const expected = kindsFor(role)
        .map((k) => `Ordinary${k}`)
        .sort();
      expect(inbox.rows.map((r) => r.name.replace(/^Quinta /, "")).sort()).toEqual(expected);
      expect(exported.map((r) => r.last_name).sort()).toEqual(expected);
    },
  );

  it("after release, each kind appears for the roles that own it, with its resume, and still not for the others", async () => {
    const admin = await person("admin");
    for (const kind of submissionKinds) {
      const released = await call("POST", `/admin/api/quarantine/${held[kind].id}/release`, admin.cookie, {
        confirm: true,
      });
      expect(released.statusCode).toBe(200);
    }
    for (const role of staffRoleList) {
      const { cookie } = await person(role);
      const inbox = await call("POST", "/admin/api/inbox", cookie);
      const exported = await call("POST", "/admin/api/export", cookie, { format: "csv" });
      for (const kind of submissionKinds) {
        const { id, marks } = held[kind];
        const what = `${role} after release (${kind})`;
        const detail = await call("GET", `/admin/api/submissions/${id}`, cookie);
        if (maySee(role, kind)) {
          expect(detail.statusCode, what).toBe(200);
          expect(inbox.body, what).toContain(marks[0]);
          expect(exported.body, what).toContain(marks[1]);
        } else {
          expect(detail.statusCode, what).toBe(403);
          for (const mark of marks) expect(inbox.body + exported.body, what).not.toContain(mark);
        }
        if (kind === "application") {
          const resume = await call("GET", `/admin/api/submissions/${id}/resume`, cookie);
          expect(resume.statusCode, what).toBe(maySee(role, kind) ? 200 : 403);
        }
      }
    }
  });
});
