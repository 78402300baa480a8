/**
 * Erasure inside the role (issue 24), against the real server on SQLite and PostgreSQL: one
 * address that sent an enquiry, feedback and a job application. Sales erases only enquiries and
 * feedback, HR only applications, neither a quarantined submission; the plan shown first, the
 * answer and the audit entry name exactly what went and nothing outside the role. An admin's
 * erasure takes the whole person. An erasure whose plan changed since it was shown takes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { erasureAnswer, erasurePlanAnswer } from "../../contracts/console-answers";
import { buildApp } from "../app";
import { backends, useBackend } from "../test-support/backends";
import {
  applicationParts,
  jsonHeaders,
  multipart,
  pdf,
  validApplicationFields,
  validContact,
  validFeedback,
} from "../test-support/fixtures";
import { signedInStaff } from "../test-support/staff";
import { permissionsOf } from "../../contracts/staff/permissions";
import { kindsOfRole as kindsFor, readingRoleList, type StaffRole } from "./staff-roles";

type App = Awaited<ReturnType<typeof buildApp>>;
const origin = "https://www.altivacloud.com";

describe.each(backends)("erasure inside the role on %s", (backend) => {
  const env = useBackend(backend, { RATE_LIMIT_MAX: "0" });
  let app: App;
  const clock = new Date("2026-11-23T09:00:00.000Z");
  beforeAll(async () => {
    app = await buildApp(env.config, { serveSite: false, now: () => clock });
  });
  afterAll(() => app.close());

  let people = 0;
  const signIn = async (role: StaffRole) =>
    (await signedInStaff(app.storage.db, { role, name: `Erasing ${role} ${"abcdefghij"[people++]}` }, clock)).cookie;
  const get = (url: string, cookie: string) => app.inject({ method: "GET", url, headers: { cookie } });
  const post = (url: string, cookie: string, payload: object) =>
    app.inject({ method: "POST", url, headers: { "content-type": "application/json", cookie, origin }, payload });

  /** One person's enquiry, feedback and application (with resume); returns their ids by kind. */
  async function person(tag: string) {
    const who = { firstName: "Philippa", lastName: `Scopewell${tag}`, email: `philippa.${tag}@example.com` };
    const sent = [
      await app.inject({
        method: "POST",
        url: "/api/contact-us/create",
        headers: jsonHeaders,
        payload: { ...validContact, ...who },
      }),
      await app.inject({
        method: "POST",
        url: "/api/feedback",
        headers: jsonHeaders,
        payload: { ...validFeedback, ...who },
      }),
      await app.inject({
        method: "POST",
        url: "/api/job-application/apply",
        // The same address in other capitals: still the same person.
        ...multipart(
          applicationParts(
            { ...validApplicationFields, ...who, email: who.email.toUpperCase() },
            { filename: "cv.pdf", data: pdf(3000) },
          ),
        ),
      }),
    ];
    for (const res of sent) expect(res.statusCode).toBe(201);
    const rows = await app.storage.db
      .selectFrom("submissions")
      .select(["id", "kind", "reference"])
      .where((eb) => eb(eb.fn("lower", ["email"]), "=", who.email))
      .execute();
    const of = (kind: string) => rows.find((r) => r.kind === kind)!;
    return { contact: of("contact"), feedback: of("feedback"), application: of("application") };
  }

  const remaining = async (ids: number[]) =>
    (await app.storage.db.selectFrom("submissions").select("id").where("id", "in", ids).orderBy("id").execute()).map(
      (r) => r.id,
    );
  const resumeOf = async (id: number) =>
    app.storage.db.selectFrom("resumes").select("submission_id").where("submission_id", "=", id).executeTakeFirst();
  const lastErasure = () =>
    app.storage.db
      .selectFrom("audit_log")
      .selectAll()
      .where("action", "=", "erasure")
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();

  async function erase(cookie: string, clicked: number) {
    const plan = erasurePlanAnswer.parse((await get(`/admin/api/submissions/${clicked}/erase`, cookie)).json().data);
    const res = await post(`/admin/api/submissions/${clicked}/erase`, cookie, {
      confirm: true,
      submissions: plan.items.map((i) => i.id),
    });
    expect(res.statusCode).toBe(200);
    return { plan, answer: erasureAnswer.parse(res.json().data), raw: res.body };
  }

  // Each role that does not erase the whole person, from the role table: it erases its own kinds and nothing else.
  for (const role of readingRoleList.filter((r) => !permissionsOf(r).includes("submissions:erase:whole-person"))) {
    it(`${role}: erases only ${kindsFor(role).join(" and ")}; the plan, answer and audit entry name only those`, async () => {
      const p = await person(role);
      const all = [p.contact, p.feedback, p.application];
      const mine = all.filter((s) => kindsFor(role).includes(s.kind));
      const others = all.filter((s) => !kindsFor(role).includes(s.kind));
      const cookie = await signIn(role);
      const { plan, answer, raw } = await erase(cookie, mine[0]!.id);

      const names = (s: { id: number; kind: string; reference: string | null }) => s.reference ?? `${s.kind} #${s.id}`;
      expect(plan.wholePerson).toBe(false);
      expect(plan.items.map((i) => i.reference)).toEqual(mine.map(names));
      expect(answer.references).toEqual(mine.map(names));
      expect(answer).toMatchObject({ submissions: mine.length, confirmationRecords: 0 });
      expect(answer.resumes).toBe(mine.some((s) => s.kind === "application") ? 1 : 0);
      // Nothing in the answer tells of the kinds outside the role.
      for (const other of others) expect(raw).not.toContain(names(other));
      expect(await remaining(all.map((s) => s.id))).toEqual(others.map((s) => s.id).sort((a, b) => a - b));
      if (others.some((s) => s.kind === "application")) expect(await resumeOf(p.application.id)).toBeDefined();

      const entry = await lastErasure();
      for (const s of mine) expect(entry.detail).toContain(names(s));
      for (const other of others) expect(entry.detail).not.toContain(names(other));
    });
  }

  it("admin: erases the whole person across kinds, quarantined included, and names every submission", async () => {
    const p = await person("admin");
    // One of them quarantined: only an admin's erasure reaches it.
    await app.storage.db
      .updateTable("submissions")
      .set({ spam: 1, spam_verdict: "spam" })
      .where("id", "=", p.feedback.id)
      .execute();
    const sales = await signIn("sales");
    const salesPlan = erasurePlanAnswer.parse(
      (await get(`/admin/api/submissions/${p.contact.id}/erase`, sales)).json().data,
    );
    expect(salesPlan.items.map((i) => i.id)).toEqual([p.contact.id]);

    const { plan, answer } = await erase(await signIn("admin"), p.contact.id);
    const all = [p.contact, p.feedback, p.application];
    expect(plan.wholePerson).toBe(true);
    expect(plan.items.map((i) => i.id)).toEqual(all.map((s) => s.id));
    expect(plan.items.find((i) => i.id === p.feedback.id)?.quarantined).toBe(true);
    expect(plan.items.find((i) => i.id === p.application.id)?.resume).toMatchObject({
      original_name: "cv.pdf",
      size: 3000,
    });
    expect(answer).toMatchObject({ submissions: 3, resumes: 1 });
    expect(answer.references).toContain(p.application.reference);
    expect(await remaining(all.map((s) => s.id))).toEqual([]);
    const entry = await lastErasure();
    expect(entry.detail).toContain(p.application.reference);
    expect(entry.detail).toContain(`contact #${p.contact.id}`);
    expect(entry.detail).toContain(`feedback #${p.feedback.id}`);
  });

  it("takes nothing when a submission with the address arrived between the plan and the confirmation", async () => {
    const p = await person("late");
    const sales = await signIn("sales");
    const plan = erasurePlanAnswer.parse(
      (await get(`/admin/api/submissions/${p.contact.id}/erase`, sales)).json().data,
    );
    const late = await app.inject({
      method: "POST",
      url: "/api/contact-us/create",
      headers: jsonHeaders,
      payload: {
        ...validContact,
        firstName: "Philippa",
        lastName: "Scopewelllate",
        email: "philippa.late@example.com",
      },
    });
    expect(late.statusCode).toBe(201);
    const res = await post(`/admin/api/submissions/${p.contact.id}/erase`, sales, {
      confirm: true,
      submissions: plan.items.map((i) => i.id),
    });
    expect(res.statusCode).toBe(409);
    expect(await remaining([p.contact.id, p.feedback.id])).toEqual([p.contact.id, p.feedback.id]);
    // A request naming no plan at all is refused too.
    expect((await post(`/admin/api/submissions/${p.contact.id}/erase`, sales, { confirm: true })).statusCode).toBe(400);
  });
});
