/**
 * Roles HR edits in the console (issue 26), against the real server on SQLite and PostgreSQL:
 * hr and admin create, save, publish, close and reopen; sales, strangers and revoked people are
 * refused; the address (slug) is unique and fixed once published; an expired role is not
 * published; a save based on an old version is refused with 409 and loses nothing; each change
 * is audited with the role's title and the fields that changed; a description holding markup is
 * kept as typed and only ever sent as text inside JSON. The clock is fixed: no test depends on today.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { firstRoles } from "../../contracts/careers/first-roles";
import { positions } from "../../contracts/forms/application";
import { roleDetailAnswer, rolesAnswer, type RoleDetailAnswer } from "../../contracts/console-answers";
import { buildApp } from "../app";
import { backends, useBackend } from "../test-support/backends";
import { signedInStaff } from "../test-support/staff";
import { deepStrict } from "../test-support/strict-schema";
import { rolesStamp } from "../postings/job-roles";
import { verifyAuditChain } from "./audit";
import { staleMessage } from "./role-routes";
import type { StaffRole } from "./staff-roles";

type App = Awaited<ReturnType<typeof buildApp>>;
const origin = "https://www.altivacloud.com";

const description = `Keep our customers' platforms up: on-call with a kind rota, error budgets that mean something, and incident reviews without blame.

## What you will do
- Run Kubernetes clusters on AWS and GCP for three customers.
- Write the runbooks you wish you had at 3 a.m.`;

/** A role as the console's form sends it. */
const sre = {
  title: "Site Reliability Engineer",
  position: "DevOps Engineer",
  offices: ["Sydney", "Bengaluru"],
  employmentType: "FULL_TIME",
  workplace: "hybrid",
  salary: { min: 150000, max: 180000, currency: "AUD", period: "YEAR" },
  description,
  datePosted: "2026-11-23",
  validThrough: "2027-02-28",
};

describe.each(backends)("roles in the console on %s", (backend) => {
  const env = useBackend(backend, { RATE_LIMIT_MAX: "0" });
  let app: App;
  let clock = new Date("2026-11-23T09:00:00.000Z");
  const people = {} as Record<StaffRole, Awaited<ReturnType<typeof signedInStaff>>>;

  beforeAll(async () => {
    app = await buildApp(env.config, { serveSite: false, now: () => clock });
    await app.ready();
    for (const [role, name] of [
      ["hr", "Hana Recruiter"],
      ["admin", "Ada Admin"],
      ["sales", "Sol Vendas"],
    ] as const) {
      people[role] = await signedInStaff(app.storage.db, { role, name }, clock);
    }
  }, 60_000);
  afterAll(() => app.close());

  const get = (url: string, cookie = people.hr.cookie) => app.inject({ method: "GET", url, headers: { cookie } });
  const post = (url: string, payload: object, cookie = people.hr.cookie) =>
    app.inject({ method: "POST", url, headers: { cookie, origin, "content-type": "application/json" }, payload });
  const strictDetail = deepStrict(roleDetailAnswer);
  const detailOf = (res: { json: () => { data: unknown } }) => strictDetail.parse(res.json().data);
  const create = async (payload: object, cookie?: string) => {
    const res = await post("/admin/api/roles", payload, cookie);
    expect(res.statusCode, res.body).toBe(201);
    return detailOf(res);
  };
  const save = (d: RoleDetailAnswer, changes: object, cookie?: string) => {
    const { id, state: _s, updatedAt, ...fields } = d.role;
    return post(`/admin/api/roles/${id}`, { ...fields, ...changes, updatedAt }, cookie);
  };
  const move = (d: RoleDetailAnswer, how: "publish" | "close" | "reopen", cookie?: string) =>
    post(`/admin/api/roles/${d.role.id}/${how}`, { updatedAt: d.role.updatedAt }, cookie);
  const auditOf = (subject: string) =>
    app.storage.db
      .selectFrom("audit_log")
      .select(["action", "staff_name", "subject", "detail", "submission_id"])
      .where("subject", "=", subject)
      .orderBy("id")
      .execute();
  const tick = (seconds = 60) => (clock = new Date(clock.getTime() + seconds * 1000));
  /**
   * Runs `work` with the clock at `moment` and a session opened then (the suite's own sessions
   * would end as idle), and puts the clock back.
   */
  let travellers = 0;
  async function at<T>(moment: string, work: (cookie: string) => Promise<T>): Promise<T> {
    const saved = clock;
    clock = new Date(moment);
    try {
      const { cookie } = await signedInStaff(app.storage.db, { role: "hr", name: `Tess Later ${++travellers}` }, clock);
      return await work(cookie);
    } finally {
      clock = saved;
    }
  }

  it("lets HR create a draft, save it, publish, close and reopen it, each change audited", async () => {
    const draft = await create(sre);
    expect(draft.role).toMatchObject({ ...sre, slug: "site-reliability-engineer-sydney", state: "draft" });
    expect(draft).toMatchObject({ open: false, expired: false, siteUrl: "https://www.altivacloud.com" });
    expect(draft.positions).toEqual([...positions]);

    tick();
    const saved = await save(draft, { title: "Senior Site Reliability Engineer", workplace: "remote" });
    expect(saved.statusCode, saved.body).toBe(200);
    const edited = detailOf(saved);
    expect(edited.role).toMatchObject({
      title: "Senior Site Reliability Engineer",
      workplace: "remote",
      state: "draft",
    });
    // A draft keeps the address it was given: the slug field travels with the save.
    expect(edited.role.slug).toBe("site-reliability-engineer-sydney");
    expect(edited.role.updatedAt > draft.role.updatedAt).toBe(true);

    tick();
    const published = detailOf(await move(edited, "publish"));
    expect(published.role.state).toBe("published");
    expect(published.open).toBe(true);

    tick();
    const closed = detailOf(await move(published, "close"));
    expect(closed).toMatchObject({ role: { state: "closed" }, open: false });

    tick();
    const reopened = detailOf(await move(closed, "reopen"));
    expect(reopened).toMatchObject({ role: { state: "published" }, open: true });

    const entries = await auditOf("Senior Site Reliability Engineer");
    expect(entries).toEqual([
      {
        action: "role changed",
        staff_name: "Hana Recruiter",
        subject: "Senior Site Reliability Engineer",
        detail: "changed: title, workplace",
        submission_id: null,
      },
      ...["published", "closed", "reopened"].map((what) => ({
        action: `role ${what}`,
        staff_name: "Hana Recruiter",
        subject: "Senior Site Reliability Engineer",
        detail: "/career/site-reliability-engineer-sydney",
        submission_id: null,
      })),
    ]);
    expect(await auditOf("Site Reliability Engineer")).toEqual([
      {
        action: "role created",
        staff_name: "Hana Recruiter",
        subject: "Site Reliability Engineer",
        detail: "draft at /career/site-reliability-engineer-sydney",
        submission_id: null,
      },
    ]);
    expect((await verifyAuditChain(app.storage.db)).ok).toBe(true);
  });

  it("lets an administrator do the same", async () => {
    const draft = await create(
      { ...sre, title: "Platform Engineer", offices: ["London"], salary: null },
      people.admin.cookie,
    );
    expect(draft.role.slug).toBe("platform-engineer-london");
    const published = await move(draft, "publish", people.admin.cookie);
    expect(published.statusCode).toBe(200);
    const closed = await move(detailOf(published), "close", people.admin.cookie);
    expect(closed.statusCode).toBe(200);
    expect((await auditOf("Platform Engineer")).map((e) => `${e.action} by ${e.staff_name}`)).toEqual([
      "role created by Ada Admin",
      "role published by Ada Admin",
      "role closed by Ada Admin",
    ]);
  });

  it("refuses sales (403), a stranger (401) and a revoked person (401) on every role route, changing nothing", async () => {
    const target = await create({ ...sre, title: "Access Probe Role", offices: ["London"] });
    const id = target.role.id;
    const calls = (cookie: string) => [
      get("/admin/api/roles", cookie),
      get(`/admin/api/roles/${id}`, cookie),
      post("/admin/api/roles", { ...sre, title: "Intruder Role" }, cookie),
      save(target, { title: "Hijacked" }, cookie),
      move(target, "publish", cookie),
      move(target, "close", cookie),
      move(target, "reopen", cookie),
    ];
    expect((await Promise.all(calls(people.sales.cookie))).map((r) => r.statusCode)).toEqual(Array(7).fill(403));
    expect((await Promise.all(calls(""))).map((r) => r.statusCode)).toEqual(Array(7).fill(401));

    const leaver = await signedInStaff(app.storage.db, { role: "hr", name: "Lee Leaver" }, clock);
    expect((await get("/admin/api/roles", leaver.cookie)).statusCode).toBe(200);
    const revoked = await post(`/admin/api/people/${leaver.id}/revoke`, { confirm: true }, people.admin.cookie);
    expect(revoked.statusCode).toBe(200);
    expect((await Promise.all(calls(leaver.cookie))).map((r) => r.statusCode)).toEqual(Array(7).fill(401));

    // A cross-site page cannot act with HR's cookie either.
    const forged = await app.inject({
      method: "POST",
      url: `/admin/api/roles/${id}/publish`,
      headers: { cookie: people.hr.cookie, origin: "https://evil.example", "content-type": "application/json" },
      payload: { updatedAt: target.role.updatedAt },
    });
    expect(forged.statusCode).toBe(403);

    const after = detailOf(await get(`/admin/api/roles/${id}`));
    expect(after.role).toEqual(target.role);
    const titles = (await get("/admin/api/roles")).json().data.roles.map((r: { title: string }) => r.title);
    expect(titles).not.toContain("Intruder Role");
    expect(titles).not.toContain("Hijacked");
  });

  it("answers 400 with a message under each field that needs one", async () => {
    const res = await post("/admin/api/roles", {
      ...sre,
      title: "QA",
      offices: [],
      employmentType: "GIG",
      salary: { min: null, max: 90000, currency: "AUD", period: "YEAR" },
      description: "Too short.",
      datePosted: "2026-02-30x",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      status: false,
      message: "Some fields need a change before the role can be saved.",
      errors: {
        title: "Give the role a title of 3 characters or more.",
        offices: "Choose at least one office.",
        employmentType: "Choose the employment type.",
        "salary.min": "Give the bottom of the range as a whole number above 0.",
        description: "Describe the role in 80 characters or more.",
        datePosted: "Give the posting date as a date.",
      },
    });
    const order = await post("/admin/api/roles", { ...sre, salary: { ...sre.salary, min: 200000 } });
    expect(order.statusCode).toBe(400);
    expect(order.json().errors).toEqual({ salary: "The top of the range must not be below its bottom." });
    for (const title of ["Site Reliability\nEngineer", "Site \u202eReliability Engineer", "Site\tReliability"]) {
      const res = await post("/admin/api/roles", { ...sre, title });
      expect(res.json().errors, JSON.stringify(title)).toEqual({
        title: "Write the title on one line, without control characters.",
      });
    }
    const dates = await post("/admin/api/roles", { ...sre, validThrough: "2026-11-01" });
    expect(dates.json().errors).toEqual({ validThrough: "The closing date must not come before the posting date." });
    const nothing = await post("/admin/api/roles", {});
    expect(Object.keys(nothing.json().errors).sort()).toEqual(
      [
        "datePosted",
        "description",
        "employmentType",
        "offices",
        "position",
        "salary",
        "title",
        "validThrough",
        "workplace",
      ].sort(),
    );
  });

  it("refuses a description nested 5,000 deep, which cannot be rendered, with a message under the field", async () => {
    const nested = `${">".repeat(5_000)} Quoted too deeply for any page to show.`;
    const refused = await post("/admin/api/roles", { ...sre, slug: "nested-role", description: nested });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      status: false,
      message: "Some fields need a change before the role can be saved.",
      errors: { description: expect.stringMatching(/nested too deeply/) },
    });
    // 1,250 lists, each the only item of the one around it, on one line; refused on a later save too.
    const draft = await create({ ...sre, slug: "nested-list-role" });
    const saved = await save(draft, { description: `${"- ".repeat(1_250)}Listed too deeply for any page.` });
    expect(saved.statusCode).toBe(400);
    expect(saved.json().errors).toEqual({ description: expect.stringMatching(/nested too deeply/) });
  });

  it("keeps addresses unique, names a free one, lets a draft's change and fixes a published one's", async () => {
    const first = await create({ ...sre, title: "Data Engineer", offices: ["London"] });
    expect(first.role.slug).toBe("data-engineer-london");
    const again = await post("/admin/api/roles", { ...sre, title: "Data Engineer", offices: ["London"] });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      message:
        "The address /career/data-engineer-london belongs to another role. Use /career/data-engineer-london-2, or choose another.",
      errors: { slug: expect.stringContaining("/career/data-engineer-london-2") },
      free: "data-engineer-london-2",
    });
    const second = await create({
      ...sre,
      title: "Data Engineer",
      offices: ["London"],
      slug: "data-engineer-london-2",
    });
    const third = await post("/admin/api/roles", { ...sre, title: "Data Engineer", offices: ["London"] });
    expect(third.json().free).toBe("data-engineer-london-3");
    // A migrated role's address is taken too.
    const migrated = await post("/admin/api/roles", { ...sre, slug: firstRoles[0]!.slug });
    expect(migrated.statusCode).toBe(409);

    // A draft's address changes while it is a draft, to a free one only.
    const taken = await save(second, { slug: "data-engineer-london" });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().free).toBe("data-engineer-london-3");
    const renamed = detailOf(await save(second, { slug: "data-engineer-london-platform" }));
    expect(renamed.role.slug).toBe("data-engineer-london-platform");
    // Sent without an address, a draft gets the automatic one again.
    const automatic = detailOf(await save(renamed, { slug: undefined, title: "Data Platform Engineer" }));
    expect(automatic.role.slug).toBe("data-platform-engineer-london");
    expect((await auditOf("Data Platform Engineer")).map((e) => e.detail)).toEqual([
      "changed: title, slug; now at /career/data-platform-engineer-london",
    ]);

    // Once published, the address stays, closed or not.
    const published = detailOf(await move(first, "publish"));
    const fixed = await save(published, { slug: "data-engineer-uk" });
    expect(fixed.statusCode).toBe(400);
    expect(fixed.json().errors.slug).toBe(
      "This role has been published, so its address stays /career/data-engineer-london: links to it are already out.",
    );
    const closed = detailOf(await move(published, "close"));
    expect((await save(closed, { slug: "data-engineer-uk" })).statusCode).toBe(400);
    // Without an address, a published role keeps its own even when its title changes.
    const retitled = detailOf(await save(closed, { slug: undefined, title: "Senior Data Engineer" }));
    expect(retitled.role.slug).toBe("data-engineer-london");
    const migratedRole = (await get("/admin/api/roles"))
      .json()
      .data.roles.find((r: { slug: string }) => r.slug === firstRoles[0]!.slug);
    const full = detailOf(await get(`/admin/api/roles/${migratedRole.id}`));
    expect((await save(full, { slug: "react-developer" })).statusCode).toBe(400);
  });

  it("gives one of two roles created at the same moment with the same address, and names a free one to the other", async () => {
    const twin = { ...sre, title: "Twin Role", offices: ["London"] };
    const both = await Promise.all([
      post("/admin/api/roles", twin),
      post("/admin/api/roles", twin, people.admin.cookie),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const refused = both.find((r) => r.statusCode === 409)!;
    expect(refused.json()).toMatchObject({ free: "twin-role-london-2", errors: { slug: expect.any(String) } });
    expect((await auditOf("Twin Role")).map((e) => e.action)).toEqual(["role created"]);
  });

  it("refuses to publish or reopen a role whose closing date has passed, and closes at once", async () => {
    const late = await create({
      ...sre,
      title: "Expired Draft Role",
      datePosted: "2026-10-01",
      validThrough: "2026-11-22",
    });
    const refused = await move(late, "publish");
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      message:
        "This role's closing date, 2026-11-22, has passed, so it cannot go live. Set a later closing date, save, and try again.",
      errors: { validThrough: "Set a closing date that has not passed." },
    });
    expect(detailOf(await get(`/admin/api/roles/${late.role.id}`)).role.state).toBe("draft");
    // Its last day is today: it goes live, and is open until the day ends.
    const today = detailOf(await save(late, { validThrough: "2026-11-23" }));
    const live = detailOf(await move(today, "publish"));
    expect(live).toMatchObject({ open: true, expired: false });
    const closed = detailOf(await move(live, "close"));
    expect(closed.open).toBe(false);

    // The next day it is past its date: reopening it is refused as publishing was.
    const reopen = await at("2026-11-24T00:00:00.000Z", (cookie) => move(closed, "reopen", cookie));
    expect(reopen.statusCode).toBe(400);
    expect((await auditOf("Expired Draft Role")).map((e) => e.action)).toEqual([
      "role created",
      "role changed",
      "role published",
      "role closed",
    ]);
  });

  it("marks a published role past its day as expired, and lists drafts and published roles first, newest posting first", async () => {
    const closedOne = await create({ ...sre, title: "Closed Listing Role", datePosted: "2026-11-23" });
    await move(detailOf(await move(closedOne, "publish")), "close");
    await create({ ...sre, title: "Draft Listing Role", datePosted: "2026-11-01" });
    const { roles } = await at("2027-01-16T12:00:00.000Z", async (cookie) =>
      deepStrict(rolesAnswer).parse((await get("/admin/api/roles", cookie)).json().data),
    );
    const cloud = roles.find((r) => r.slug === "cloud-architect-san-francisco")!;
    expect(cloud).toMatchObject({ state: "published", open: false, expired: true });
    const react = roles.find((r) => r.slug === "senior-react-developer-london")!;
    expect(react).toMatchObject({ open: true, expired: false });
    expect(roles.find((r) => r.title === "Draft Listing Role")).toMatchObject({
      state: "draft",
      open: false,
      expired: false,
    });
    const firstClosed = roles.findIndex((r) => r.state === "closed");
    expect(firstClosed).toBeGreaterThan(0);
    expect(roles.slice(firstClosed).every((r) => r.state === "closed")).toBe(true);
    for (const group of [roles.slice(0, firstClosed), roles.slice(firstClosed)]) {
      const days = group.map((r) => r.datePosted);
      expect(days).toEqual([...days].sort().reverse());
    }
  });

  it("refuses a change based on an old version with 409, keeping the first person's change", async () => {
    const opened = await create({ ...sre, title: "Race Condition Role", offices: ["Bengaluru"] });
    tick();
    // Ada and Hana opened the same version; Ada saves first.
    const ada = await save(opened, { title: "Race Condition Role", workplace: "on-site" }, people.admin.cookie);
    expect(ada.statusCode).toBe(200);
    const hana = await save(opened, { title: "Race Condition Role", workplace: "remote" });
    expect(hana.statusCode).toBe(409);
    expect(hana.json()).toEqual({ status: false, message: staleMessage });
    expect(staleMessage).toBe("Someone else changed this role since you opened it. Reload to see their change.");
    // Publishing or closing what someone else has changed meanwhile is refused too.
    expect((await move(opened, "publish")).statusCode).toBe(409);
    const now = detailOf(await get(`/admin/api/roles/${opened.role.id}`));
    expect(now.role).toMatchObject({ workplace: "on-site", state: "draft" });

    // Two saves in the same millisecond (the clock does not move): still exactly one wins.
    const both = await Promise.all([
      save(now, { title: "Race Condition Role", description: `${description}\n\nFirst.` }),
      save(now, { title: "Race Condition Role", description: `${description}\n\nSecond.` }, people.admin.cookie),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const winner = both.find((r) => r.statusCode === 200)!;
    const stored = detailOf(await get(`/admin/api/roles/${opened.role.id}`));
    expect(stored.role).toEqual(detailOf(winner).role);
    expect(stored.role.updatedAt > now.role.updatedAt).toBe(true);
    expect((await auditOf("Race Condition Role")).map((e) => e.detail)).toEqual([
      "draft at /career/race-condition-role-bengaluru",
      "changed: workplace",
      "changed: description",
    ]);
  });

  it("changes the roles' stamp (the careers pages' cache key) with every change, the clock standing still", async () => {
    const stamps = [await rolesStamp(app.storage)];
    const draft = await create({ ...sre, title: "Stamp Probe Role" });
    stamps.push(await rolesStamp(app.storage));
    const published = detailOf(await move(draft, "publish"));
    stamps.push(await rolesStamp(app.storage));
    const saved = detailOf(await save(published, { workplace: "remote" }));
    stamps.push(await rolesStamp(app.storage));
    await move(saved, "close");
    stamps.push(await rolesStamp(app.storage));
    expect(new Set(stamps).size).toBe(stamps.length);
  });

  it("does not audit a save that changes nothing", async () => {
    const role = await create({ ...sre, title: "Unchanged Role" });
    const same = await save(role, {});
    expect(same.statusCode).toBe(200);
    expect(detailOf(same).role.updatedAt).toBe(role.role.updatedAt);
    expect((await auditOf("Unchanged Role")).map((e) => e.action)).toEqual(["role created"]);
  });

  it("keeps a description with markup as typed and sends it only as text inside JSON", async () => {
    const typed = `${description}\n\n<script>alert("hr")</script> <img src=x onerror=alert(1)> [x](javascript:alert(1))`;
    const role = await create({ ...sre, title: "Markup Probe Role", description: typed });
    const row = await app.storage.db
      .selectFrom("job_roles")
      .select("description")
      .where("id", "=", role.role.id)
      .executeTakeFirstOrThrow();
    expect(row.description).toBe(typed);
    const answers = [
      await get(`/admin/api/roles/${role.role.id}`),
      await get("/admin/api/roles"),
      await save(role, { title: "Markup Probe Role", workplace: "remote" }),
    ];
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toMatch(/^application\/json/);
    }
    // The answers carry the Markdown as the contract's string field, and no HTML of it: the
    // strict parse refuses any field the contract does not name (such as a rendered copy).
    expect(detailOf(answers[0]!).role.description).toBe(typed);
    expect(answers[1]!.body).not.toContain("<script>");
    expect(detailOf(answers[2]!).role.description).toBe(typed);
  });

  it("answers 404 for a role that does not exist, and refuses a save without its version", async () => {
    expect((await get("/admin/api/roles/999999")).statusCode).toBe(404);
    expect((await get("/admin/api/roles/abc")).statusCode).toBe(404);
    expect((await post("/admin/api/roles/999999/publish", { updatedAt: "2026-11-23T09:00:00.000Z" })).statusCode).toBe(
      404,
    );
    const role = await create({ ...sre, title: "Versionless Role" });
    const { updatedAt: _, ...withoutVersion } = role.role;
    const res = await post(`/admin/api/roles/${role.role.id}`, withoutVersion);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("Reload the role: this save does not say which version it changes.");
    // A move that does not fit the state (closing a draft) is a conflict, not a change.
    const closing = await move(role, "close");
    expect(closing.statusCode).toBe(409);
    expect(closing.json().message).toBe(
      "Only a published role can be closed; this one is a draft. Reload to see it as it is.",
    );
  });
});
