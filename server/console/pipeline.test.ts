/**
 * The hiring pipeline on SQLite and PostgreSQL (issue 26): counts per stage per role, the inbox's
 * role and position filters and its search by position and role title, Previous/Next computed
 * from the view's own query, a candidate's page by address, and who is refused.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { submissionDetailAnswer, inboxAnswer } from "../../contracts/console-answers";
import {
  candidateAnswer,
  neighboursAnswer,
  pipelineAnswer,
  roleApplicantsAnswer,
  withoutRole,
} from "../../contracts/pipeline-answers";
import { buildApp } from "../app";
import { roleRow } from "../postings/job-roles";
import { firstRoles } from "../../contracts/careers/first-roles";
import { backends, useBackend } from "../test-support/backends";
import { signedInStaff } from "../test-support/staff";
import { deepStrict } from "../test-support/strict-schema";
import type { StaffRole } from "./staff-roles";

type App = Awaited<ReturnType<typeof buildApp>>;
const origin = "https://www.altivacloud.com";

/** The migrated DevOps role ("DevOps Engineer (Kubernetes)", position DevOps Engineer). */
const devops = firstRoles.find((r) => r.slug === "devops-engineer-bengaluru")!;
/** Two roles of this test: a draft and a closed one. */
const sre = {
  ...devops,
  slug: "site-reliability-lead-london",
  title: "Site Reliability Lead",
  position: "DevOps Engineer",
  offices: ["London" as const],
  state: "draft" as const,
};
const qa = {
  ...devops,
  slug: "test-lead-sydney",
  title: "Test Lead",
  position: "QA Engineer",
  offices: ["Sydney" as const],
  state: "closed" as const,
};

interface Made {
  role: string | null;
  position: string;
  status: string;
  first: string;
  last: string;
  email?: string;
  kind?: "application" | "contact";
  spam?: 0 | 1;
  verdict?: "spam" | "review" | null;
}

/** Applications spread over stages and roles, one minute apart (the order the inbox shows, reversed). */
const made: Made[] = [
  { role: devops.slug, position: "DevOps Engineer", status: "new", first: "Zoë", last: "Núñez" },
  { role: devops.slug, position: "DevOps Engineer", status: "new", first: "Siobhán", last: "Ó Briain" },
  { role: devops.slug, position: "DevOps Engineer", status: "reviewing", first: "Łukasz", last: "Wróbel" },
  { role: devops.slug, position: "DevOps Engineer", status: "new", first: "Anaïs", last: "Lefèvre" },
  { role: devops.slug, position: "DevOps Engineer", status: "interview", first: "Jürgen", last: "Größer" },
  { role: devops.slug, position: "DevOps Engineer", status: "hired", first: "Ngọc", last: "Nguyễn" },
  { role: devops.slug, position: "DevOps Engineer", status: "reviewing", first: "Søren", last: "Ærø" },
  { role: sre.slug, position: "DevOps Engineer", status: "new", first: "Björk", last: "Guðmundsdóttir" },
  { role: sre.slug, position: "DevOps Engineer", status: "not selected", first: "Mónica", last: "Peña" },
  { role: sre.slug, position: "DevOps Engineer", status: "not selected", first: "Antonín", last: "Dvořák" },
  {
    role: qa.slug,
    position: "QA Engineer",
    status: "shortlisted",
    first: "Kasia",
    last: "Nowak",
    email: "Kasia.Nowak@Example.COM",
  },
  { role: null, position: "DevOps Engineer", status: "new", first: "Ravi", last: "Iyer" },
  { role: null, position: "DevOps Engineer", status: "new", first: "Meera", last: "Pillai" },
  {
    role: null,
    position: "Backend Developer",
    status: "reviewing",
    first: "Kasia",
    last: "Nowak",
    email: "kasia.nowak@example.com",
  },
  // Quarantined: never counted, listed or reached.
  {
    role: devops.slug,
    position: "DevOps Engineer",
    status: "new",
    first: "Spam",
    last: "Bot",
    spam: 1,
    verdict: "spam",
  },
  {
    role: sre.slug,
    position: "DevOps Engineer",
    status: "new",
    first: "Kasia",
    last: "Nowak",
    email: "KASIA.nowak@example.com",
    spam: 1,
    verdict: "review",
  },
  // An enquiry from the same address: admins see it on the candidate's page, HR does not.
  {
    role: null,
    position: "",
    status: "new",
    first: "Kasia",
    last: "Nowak",
    email: "kasia.NOWAK@example.com",
    kind: "contact",
  },
];

describe.each(backends)("hiring pipeline on %s", (backend) => {
  const env = useBackend(backend, { RATE_LIMIT_MAX: "0" });
  let app: App;
  const clock = new Date("2026-11-23T09:00:00.000Z");
  const ids: number[] = [];
  let roleIds: Record<string, number>;
  const person = (role: StaffRole, name: string) => signedInStaff(app.storage.db, { role, name }, clock);
  const get = (url: string, cookie: string) => app.inject({ method: "GET", url, headers: { cookie } });
  const post = (url: string, cookie: string, payload: object) =>
    app.inject({ method: "POST", url, headers: { "content-type": "application/json", cookie, origin }, payload });
  const idOf = (first: string, last: string) => ids[made.findIndex((m) => m.first === first && m.last === last)]!;

  beforeAll(async () => {
    app = await buildApp(env.config, { serveSite: false, now: () => clock });
    const { db } = app.storage;
    await db
      .insertInto("job_roles")
      .values([roleRow(sre, clock.toISOString()), roleRow(qa, clock.toISOString())])
      .execute();
    roleIds = Object.fromEntries(
      (await db.selectFrom("job_roles").select(["id", "slug"]).execute()).map((r) => [r.slug, r.id]),
    );
    for (const [i, m] of made.entries()) {
      const kind = m.kind ?? "application";
      const { id } = await db
        .insertInto("submissions")
        .values({
          kind,
          reference: kind === "application" ? `APP-2026-${String(500 + i).padStart(6, "0")}` : null,
          first_name: m.first,
          last_name: m.last,
          email: m.email ?? `${m.last.toLowerCase().replace(/\W+/g, "")}.${i}@example.com`,
          phone: "+442079460958",
          position: kind === "application" ? m.position : null,
          reason: kind === "contact" ? "Cloud migration" : null,
          // No word of a role's title: the inbox's search reads messages too (decision 058), and the
          // title search below must find the role's applications by their role alone.
          message: "Six years of running container platforms for payment providers.",
          ip: "192.0.2.1",
          user_agent: null,
          spam: m.spam ?? 0,
          spam_verdict: m.verdict ?? null,
          selected: 0,
          status: m.status,
          role: m.role,
          created_at: new Date(Date.UTC(2026, 10, 2, 9, i)).toISOString(),
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      ids.push(id);
    }
  }, 60_000);
  afterAll(() => app.close());

  it("counts each role's applications per stage, drafts and closed roles too, and those without a role per position; quarantined ones never", async () => {
    const hr = await person("hr", "Hana Counts");
    const res = await get("/admin/api/hiring", hr.cookie);
    expect(res.statusCode).toBe(200);
    const data = deepStrict(pipelineAnswer).parse(res.json().data);
    expect(data.stages).toEqual(["new", "reviewing", "interview", "shortlisted", "offer", "not selected", "hired"]);
    const line = (slug: string) => data.roles.find((r) => r.slug === slug)!;
    expect(line(devops.slug)).toMatchObject({
      id: roleIds[devops.slug],
      title: "DevOps Engineer (Kubernetes)",
      state: "published",
      counts: { new: 3, reviewing: 2, interview: 1, shortlisted: 0, offer: 0, "not selected": 0, hired: 1 },
      total: 7,
    });
    expect(line(sre.slug)).toMatchObject({
      state: "draft",
      counts: { new: 1, reviewing: 0, interview: 0, shortlisted: 0, offer: 0, "not selected": 2, hired: 0 },
      total: 3,
    });
    expect(line(qa.slug)).toMatchObject({ state: "closed", counts: { shortlisted: 1 }, total: 1 });
    // Every role is listed, with none yet at 0.
    expect(line("qa-engineer-sydney")).toMatchObject({ total: 0, counts: { new: 0 } });
    expect(data.roles).toHaveLength(7);
    expect(data.withoutRole).toEqual([
      { position: "Backend Developer", counts: { ...zero, reviewing: 1 }, total: 1 },
      { position: "DevOps Engineer", counts: { ...zero, new: 2 }, total: 2 },
    ]);
  });

  it("filters the inbox by role, by position and by no role, with the stage", async () => {
    const hr = await person("hr", "Hana Filters");
    const names = async (filters: object) => {
      const res = await post("/admin/api/inbox", hr.cookie, filters);
      expect(res.statusCode, JSON.stringify(filters)).toBe(200);
      return deepStrict(inboxAnswer)
        .parse(res.json().data)
        .rows.map((r) => r.name);
    };
    expect(await names({ role: devops.slug })).toEqual([
      "Søren Ærø",
      "Ngọc Nguyễn",
      "Jürgen Größer",
      "Anaïs Lefèvre",
      "Łukasz Wróbel",
      "Siobhán Ó Briain",
      "Zoë Núñez",
    ]);
    expect(await names({ role: devops.slug, status: "new" })).toEqual([
      "Anaïs Lefèvre",
      "Siobhán Ó Briain",
      "Zoë Núñez",
    ]);
    expect(await names({ role: withoutRole })).toEqual(["Kasia Nowak", "Meera Pillai", "Ravi Iyer"]);
    expect(await names({ role: withoutRole, position: "DevOps Engineer" })).toEqual(["Meera Pillai", "Ravi Iyer"]);
    expect(await names({ position: "QA Engineer" })).toEqual(["Kasia Nowak"]);
    expect(await names({ position: "DevOps Engineer" })).toHaveLength(12);
    expect(await names({ role: "no-such-role" })).toEqual([]);
    // An administrator's inbox of every kind: "no role" is applications only, never the enquiry.
    const admin = await person("admin", "Ada Filters");
    const all = await post("/admin/api/inbox", admin.cookie, { role: withoutRole });
    expect(all.json().data.rows.map((r: { kind: string }) => r.kind)).toEqual([
      "application",
      "application",
      "application",
    ]);
  });

  it("finds applications by position and by role title, in any case and with accents, and still by name", async () => {
    const hr = await person("hr", "Hana Search");
    const count = async (q: string) => {
      const res = await post("/admin/api/inbox", hr.cookie, { q });
      expect(res.statusCode).toBe(200);
      return (res.json().data.rows as { name: string }[]).map((r) => r.name);
    };
    // Every DevOps Engineer application: the devops role's seven, the SRE role's three, two without a role.
    for (const q of ["DevOps", "devops", "DEVOPS", "DévOps", "devops engineer"])
      expect(await count(q), q).toHaveLength(12);
    // The role's title: "Kubernetes" names only the DevOps role.
    expect(await count("kubernetes")).toHaveLength(7);
    expect(await count("Site Reliability")).toEqual(["Antonín Dvořák", "Mónica Peña", "Björk Guðmundsdóttir"]);
    expect(await count("Test Lead")).toEqual(["Kasia Nowak"]);
    // Names as before, and a search with a filter narrows it.
    expect(await count("Nowak")).toEqual(["Kasia Nowak", "Kasia Nowak"]);
    const narrowed = await post("/admin/api/inbox", hr.cookie, { q: "devops", status: "not selected" });
    expect(narrowed.json().data.rows).toHaveLength(2);
  });

  it("gives Previous and Next from the view's own query: the inbox's filters and order, or the role's stages", async () => {
    const hr = await person("hr", "Hana Moves");
    const around = async (id: number, view: object) => {
      const res = await post(`/admin/api/submissions/${id}/neighbours`, hr.cookie, view);
      expect(res.statusCode).toBe(200);
      return deepStrict(neighboursAnswer).parse(res.json().data);
    };
    // The inbox filtered to the role's new applicants, newest first: Anaïs, Siobhán, Zoë.
    const view = { role: devops.slug, status: "new" };
    expect(await around(idOf("Anaïs", "Lefèvre"), view)).toEqual({ previous: null, next: idOf("Siobhán", "Ó Briain") });
    expect(await around(idOf("Siobhán", "Ó Briain"), view)).toEqual({
      previous: idOf("Anaïs", "Lefèvre"),
      next: idOf("Zoë", "Núñez"),
    });
    expect(await around(idOf("Zoë", "Núñez"), view)).toEqual({ previous: idOf("Siobhán", "Ó Briain"), next: null });
    // HR's unfiltered inbox: the newest application has none before it (the two quarantined ones and
    // the enquiry after it are not in HR's view), and goes across roles after it.
    expect(await around(ids[13]!, {})).toEqual({ previous: null, next: idOf("Meera", "Pillai") });
    expect(await around(idOf("Meera", "Pillai"), {})).toEqual({ previous: ids[13], next: idOf("Ravi", "Iyer") });
    // A search is followed too (sent in the body, never the address).
    expect(await around(idOf("Mónica", "Peña"), { q: "site reliability" })).toEqual({
      previous: idOf("Antonín", "Dvořák"),
      next: idOf("Björk", "Guðmundsdóttir"),
    });
    // The role's view: by stage (new, reviewing, interview, …), newest first within one.
    const hiring = { hiring: roleIds[devops.slug] };
    expect(await around(idOf("Zoë", "Núñez"), hiring)).toEqual({
      previous: idOf("Siobhán", "Ó Briain"),
      next: idOf("Søren", "Ærø"),
    });
    expect(await around(idOf("Łukasz", "Wróbel"), hiring)).toEqual({
      previous: idOf("Søren", "Ærø"),
      next: idOf("Jürgen", "Größer"),
    });
    // Not in that view: no neighbours in it.
    expect(await around(idOf("Ravi", "Iyer"), hiring)).toEqual({ previous: null, next: null });
  });

  it("lists a role's applicants by stage, newest first, with name, arrival and reference", async () => {
    const hr = await person("hr", "Hana Role");
    const res = await get(`/admin/api/hiring/${roleIds[devops.slug]}`, hr.cookie);
    expect(res.statusCode).toBe(200);
    const data = deepStrict(roleApplicantsAnswer).parse(res.json().data);
    expect(data.role).toMatchObject({ slug: devops.slug, title: "DevOps Engineer (Kubernetes)" });
    expect(data.stages.map((s) => [s.stage, s.applicants.map((a) => a.name)])).toEqual([
      ["new", ["Anaïs Lefèvre", "Siobhán Ó Briain", "Zoë Núñez"]],
      ["reviewing", ["Søren Ærø", "Łukasz Wróbel"]],
      ["interview", ["Jürgen Größer"]],
      ["shortlisted", []],
      ["offer", []],
      ["not selected", []],
      ["hired", ["Ngọc Nguyễn"]],
    ]);
    expect(data.stages[0]!.applicants[2]).toEqual({
      id: idOf("Zoë", "Núñez"),
      name: "Zoë Núñez",
      created_at: "2026-11-02T09:00:00.000Z",
      reference: "APP-2026-000500",
      unread: true,
    });
    // Opened by this person: no longer marked on their board (another person's mark is their own).
    await get(`/admin/api/submissions/${idOf("Zoë", "Núñez")}`, hr.cookie);
    const again = deepStrict(roleApplicantsAnswer).parse(
      (await get(`/admin/api/hiring/${roleIds[devops.slug]}`, hr.cookie)).json().data,
    );
    expect(again.stages[0]!.applicants.map((a) => [a.name, a.unread])).toEqual([
      ["Anaïs Lefèvre", true],
      ["Siobhán Ó Briain", true],
      ["Zoë Núñez", false],
    ]);
    const other = await person("hr", "Hana Other");
    const theirs = deepStrict(roleApplicantsAnswer).parse(
      (await get(`/admin/api/hiring/${roleIds[devops.slug]}`, other.cookie)).json().data,
    );
    expect(theirs.stages[0]!.applicants[2]!.unread).toBe(true);
    expect((await get("/admin/api/hiring/99999", hr.cookie)).statusCode).toBe(404);
  });

  it("shows a candidate's submissions from the same address whatever its case, only the kinds the role sees, never quarantined ones; audited as a view", async () => {
    const hr = await person("hr", "Hana Candidate");
    const kasia = ids[10]!;
    const res = await get(`/admin/api/submissions/${kasia}/candidate`, hr.cookie);
    expect(res.statusCode).toBe(200);
    const data = deepStrict(candidateAnswer).parse(res.json().data);
    expect(data.name).toBe("Kasia Nowak");
    expect(data.submissions.map((s) => [s.reference, s.about, s.role?.title ?? null, s.status])).toEqual([
      ["APP-2026-000513", "Backend Developer", null, "reviewing"],
      ["APP-2026-000510", "QA Engineer", "Test Lead", "shortlisted"],
    ]);
    const admin = await person("admin", "Ada Candidate");
    const all = deepStrict(candidateAnswer).parse(
      (await get(`/admin/api/submissions/${kasia}/candidate`, admin.cookie)).json().data,
    );
    expect(all.submissions.map((s) => s.kind)).toEqual(["contact", "application", "application"]);
    const entry = await app.storage.db
      .selectFrom("audit_log")
      .selectAll()
      .where("staff_name", "=", "Hana Candidate")
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({
      action: "view",
      submission_id: kasia,
      subject: "APP-2026-000510",
      detail: "candidate page: APP-2026-000513, APP-2026-000510",
    });
    // The quarantined one is not reachable by its own id either.
    expect((await get(`/admin/api/submissions/${ids[15]}/candidate`, hr.cookie)).statusCode).toBe(403);
  });

  it("names the role on the application's page", async () => {
    const hr = await person("hr", "Hana Detail");
    const detail = async (id: number) =>
      deepStrict(submissionDetailAnswer).parse((await get(`/admin/api/submissions/${id}`, hr.cookie)).json().data);
    expect((await detail(idOf("Zoë", "Núñez"))).role).toEqual({
      slug: devops.slug,
      title: "DevOps Engineer (Kubernetes)",
    });
    expect((await detail(idOf("Ravi", "Iyer"))).role).toBeNull();
  });

  it("refuses sales everywhere in hiring, and a revoked person gets 401", async () => {
    const sales = await person("sales", "Sam Hiring");
    const zoe = idOf("Zoë", "Núñez");
    for (const url of [
      "/admin/api/hiring",
      `/admin/api/hiring/${roleIds[devops.slug]}`,
      `/admin/api/submissions/${zoe}/candidate`,
    ]) {
      expect((await get(url, sales.cookie)).statusCode, url).toBe(403);
    }
    expect((await post(`/admin/api/submissions/${zoe}/neighbours`, sales.cookie, {})).statusCode).toBe(403);
    // Their own enquiry's neighbours, but not through a role's view or a role filter.
    const enquiry = ids[16]!;
    expect((await post(`/admin/api/submissions/${enquiry}/neighbours`, sales.cookie, {})).statusCode).toBe(200);
    expect(
      (await post(`/admin/api/submissions/${enquiry}/neighbours`, sales.cookie, { hiring: roleIds[devops.slug] }))
        .statusCode,
    ).toBe(403);
    expect(
      (await post(`/admin/api/submissions/${enquiry}/neighbours`, sales.cookie, { role: devops.slug })).statusCode,
    ).toBe(403);
    expect((await post("/admin/api/inbox", sales.cookie, { role: devops.slug })).statusCode).toBe(403);
    expect((await post("/admin/api/inbox", sales.cookie, { position: "DevOps Engineer" })).statusCode).toBe(403);
    expect((await post("/admin/api/export", sales.cookie, { role: devops.slug, format: "csv" })).statusCode).toBe(403);

    const hr = await person("hr", "Hana Leaving");
    const admin = await person("admin", "Ada Revoker");
    expect((await get("/admin/api/hiring", hr.cookie)).statusCode).toBe(200);
    expect((await post(`/admin/api/people/${hr.id}/revoke`, admin.cookie, { confirm: true })).statusCode).toBe(200);
    for (const url of [
      "/admin/api/hiring",
      `/admin/api/hiring/${roleIds[devops.slug]}`,
      `/admin/api/submissions/${zoe}/candidate`,
    ]) {
      expect((await get(url, hr.cookie)).statusCode, url).toBe(401);
    }
    expect((await post(`/admin/api/submissions/${zoe}/neighbours`, hr.cookie, {})).statusCode).toBe(401);

    // A stranger: no session, no way in; another site's page cannot ask with a person's cookie.
    for (const url of [
      "/admin/api/hiring",
      `/admin/api/hiring/${roleIds[devops.slug]}`,
      `/admin/api/submissions/${zoe}/candidate`,
    ]) {
      expect((await app.inject({ method: "GET", url })).statusCode, url).toBe(401);
    }
    const other = await person("hr", "Hana Elsewhere");
    const crossSite = await app.inject({
      method: "POST",
      url: `/admin/api/submissions/${zoe}/neighbours`,
      headers: { "content-type": "application/json", cookie: other.cookie, origin: "https://evil.example" },
      payload: {},
    });
    expect(crossSite.statusCode).toBe(403);
  });
});

const zero = { new: 0, reviewing: 0, interview: 0, shortlisted: 0, offer: 0, "not selected": 0, hired: 0 };
