/**
 * A submission's address that names none the person may open answers in the same words whatever
 * the reason (issue 44), on SQLite and PostgreSQL: an erased enquiry's old link, an id that never
 * existed and a submission of a kind the role does not read give one status and one body, which
 * neither names a role nor blames access, so nobody can tell them apart.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formDefinitions } from "../../contracts/forms/index";
import { buildApp } from "../app";
import { eraseSubmissions } from "../retention/erasure";
import { insertSubmission } from "../submissions/submissions";
import { backends, useBackend } from "../test-support/backends";
import { validApplicationFields, validContact } from "../test-support/fixtures";
import { signedInStaff } from "../test-support/staff";
import { submissionUnavailable } from "./visible-submission";

type App = Awaited<ReturnType<typeof buildApp>>;

describe.each(backends)("a submission that cannot be shown, on %s", (backend) => {
  const env = useBackend(backend, { RATE_LIMIT_MAX: "0" });
  const clock = new Date("2027-03-01T09:00:00.000Z");
  let app: App;
  let ids: { erased: number; application: number; never: number };
  let sales: { cookie: string };
  let admin: { cookie: string };
  const get = (url: string, cookie: string) => app.inject({ method: "GET", url, headers: { cookie } });

  beforeAll(async () => {
    app = await buildApp(env.config, { serveSite: false, now: () => clock });
    const meta = { ip: "192.0.2.9", userAgent: null, spam: false, now: clock };
    const erased = (await insertSubmission(app.storage, formDefinitions.contact, validContact, meta, [])).id;
    const application = (
      await insertSubmission(app.storage, formDefinitions.application, validApplicationFields, meta, [])
    ).id;
    await eraseSubmissions(app.storage, [erased], { dataDir: env.config.dataDir, reason: "request", now: clock });
    ids = { erased, application, never: application + 1000 };
    sales = await signedInStaff(app.storage.db, { role: "sales", name: `Sam Gone ${backend}` }, clock);
    admin = await signedInStaff(app.storage.db, { role: "admin", name: `Ada Gone ${backend}` }, clock);
  }, 60_000);
  afterAll(() => app.close());

  it("answers an erased enquiry, an id that never existed and an application sales does not read alike", async () => {
    const answers = await Promise.all(
      [ids.erased, ids.never, ids.application].map((id) => get(`/admin/api/submissions/${id}`, sales.cookie)),
    );
    for (const res of answers) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ status: false, message: submissionUnavailable, unavailable: true });
    }
    expect(submissionUnavailable).not.toMatch(/\brole\b|access/i);
    // Its other routes answer the same: the erasure plan of the erased enquiry, of the application.
    for (const id of [ids.erased, ids.application]) {
      const plan = await get(`/admin/api/submissions/${id}/erase`, sales.cookie);
      expect(plan.json()).toEqual({ status: false, message: submissionUnavailable, unavailable: true });
    }
  });

  it("gives an administrator, who reads every kind, the same words for an erased and a never-existing id", async () => {
    for (const id of [ids.erased, ids.never]) {
      const res = await get(`/admin/api/submissions/${id}`, admin.cookie);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ status: false, message: submissionUnavailable, unavailable: true });
    }
    expect((await get(`/admin/api/submissions/${ids.application}`, admin.cookie)).statusCode).toBe(200);
  });
});
