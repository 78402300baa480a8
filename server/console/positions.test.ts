/**
 * The application form's positions as data (issue 26: "admins may add positions"; decision 040),
 * on SQLite and PostgreSQL against the real server, the careers renderer and the no-JavaScript
 * answer renderer as the build makes them: an admin adds a position (HR, sales, a revoked admin and
 * a stranger may not); a duplicate in any case, a name too short or too long, and markup are
 * refused; each change is audited by the position's name; within the careers stamp /career's form
 * offers the new position and the endpoint accepts an application for it, from a script and from a
 * browser without JavaScript, while an unknown one is refused with the form's message; a retired
 * position leaves the form and the validator, and the inbox still filters old applications by it.
 * The clock is fixed: nothing depends on today.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { positionsAnswer, type PositionsAnswer } from "../../contracts/console-answers";
import { seedPositions } from "../../contracts/careers/positions";
import { applicationMessages, applicationPath } from "../../contracts/index";
import { buildApp } from "../app";
import { backends, useBackend } from "../test-support/backends";
import { useSiteBuild } from "../test-support/site-build";
import { applicationParts, multipart, pdf, validApplicationFields } from "../test-support/fixtures";
import { signedInStaff } from "../test-support/staff";
import { deepStrict } from "../test-support/strict-schema";
import { verifyAuditChain } from "./audit";
import type { StaffRole } from "./staff-roles";

type App = Awaited<ReturnType<typeof buildApp>>;
const origin = "https://www.altivacloud.com";
const sre = "Site Reliability Engineer";
const careers = useSiteBuild();

/** The position options of the application form in a page (the <select name="position">). */
function offeredIn(html: string): string[] {
  const select = /<select[^>]*name="position"[^>]*>([\s\S]*?)<\/select>/.exec(html)?.[1] ?? "";
  return [...select.matchAll(/<option value="([^"]+)"[^>]*>/g)].map((m) => m[1]!.replace(/&amp;/g, "&"));
}

describe.each(backends)("positions on %s", (backend) => {
  const env = useBackend(backend, { BUILD_DIR: careers.client, RATE_LIMIT_MAX: "0" });
  let app: App;
  let clock = new Date("2026-12-03T09:00:00.000Z");
  const people = {} as Record<StaffRole, { cookie: string; id: number }>;

  beforeAll(async () => {
    await careers.build();
    app = await buildApp(env.config, {
      now: () => clock,
      careersStampEvery: 5_000,
    });
    await app.ready();
    for (const [role, name] of [
      ["admin", "Position Admin"],
      ["hr", "Hana Positions"],
      ["sales", "Sol Positions"],
    ] as const) {
      people[role] = await signedInStaff(app.storage.db, { role, name }, clock);
    }
  }, 240_000);
  afterAll(() => app?.close());

  const tick = (seconds: number) => (clock = new Date(clock.getTime() + seconds * 1000));
  const get = (url: string, cookie = people.admin.cookie) => app.inject({ method: "GET", url, headers: { cookie } });
  const post = (url: string, payload: object, cookie = people.admin.cookie) =>
    app.inject({ method: "POST", url, headers: { cookie, origin, "content-type": "application/json" }, payload });
  const list = async (cookie?: string): Promise<PositionsAnswer["positions"]> => {
    const res = await get("/admin/api/positions", cookie);
    expect(res.statusCode, res.body).toBe(200);
    return deepStrict(positionsAnswer).parse(res.json().data).positions;
  };
  const idOf = async (name: string) => (await list()).find((p) => p.name === name)!.id;
  const auditOf = (subject: string) =>
    app.storage.db
      .selectFrom("audit_log")
      .select(["action", "staff_name", "subject", "detail", "submission_id"])
      .where("subject", "=", subject)
      .orderBy("id")
      .execute();

  /** A script's application (the form with JavaScript): multipart, answered in JSON. */
  const apply = (fields: Record<string, string>) =>
    app.inject({
      method: "POST",
      url: applicationPath,
      ...multipart(applicationParts(fields, { filename: "cv.pdf", data: pdf() })),
    });
  /** The browser posting the form itself (JavaScript off), answered with a page. */
  const browserApply = (fields: Record<string, string>) => {
    const form = multipart(applicationParts(fields, { filename: "cv.pdf", data: pdf() }));
    return app.inject({
      method: "POST",
      url: applicationPath,
      payload: form.payload,
      headers: { ...form.headers, "sec-fetch-mode": "navigate", "sec-fetch-dest": "document", origin },
    });
  };
  const careerPage = async () => {
    const res = await app.inject({ method: "GET", url: "/career" });
    expect(res.statusCode).toBe(200);
    return res.body;
  };

  it("starts with the form's list, in its order, and shows it to admins and HR only", async () => {
    expect((await list()).map((p) => p.name)).toEqual([...seedPositions]);
    expect((await list(people.hr.cookie)).map((p) => p.name)).toEqual([...seedPositions]);
    expect((await get("/admin/api/positions", people.sales.cookie)).statusCode).toBe(403);
    expect((await app.inject({ method: "GET", url: "/admin/api/positions" })).statusCode).toBe(401);
    expect(offeredIn(await careerPage())).toEqual([...seedPositions]);
  });

  it("lets an admin add a position, audited, and no one else", async () => {
    for (const role of ["hr", "sales"] as const) {
      const res = await post("/admin/api/positions", { name: sre }, people[role].cookie);
      expect(res.statusCode, role).toBe(403);
    }
    const stranger = await app.inject({
      method: "POST",
      url: "/admin/api/positions",
      headers: { origin, "content-type": "application/json" },
      payload: { name: sre },
    });
    expect(stranger.statusCode).toBe(401);
    // An admin revoked by another: their session ends with it.
    const gone = await signedInStaff(app.storage.db, { role: "admin", name: "Rex Revoked" }, clock);
    expect((await post(`/admin/api/people/${gone.id}/revoke`, { confirm: true })).statusCode).toBe(200);
    expect((await post("/admin/api/positions", { name: sre }, gone.cookie)).statusCode).toBe(401);
    const res = await post("/admin/api/positions", { name: `  ${sre} ` });
    expect(res.statusCode, res.body).toBe(201);
    const names = deepStrict(positionsAnswer)
      .parse(res.json().data)
      .positions.map((p) => p.name);
    expect(names).toEqual([...seedPositions, sre]);
    expect(await auditOf(sre)).toEqual([
      {
        action: "position added",
        staff_name: "Position Admin",
        subject: sre,
        detail: "offered on the application form",
        submission_id: null,
      },
    ]);
    expect(await verifyAuditChain(app.storage.db)).toMatchObject({ ok: true });
  });

  it("refuses a duplicate in any case, a name too short or too long, and markup, and stores none", async () => {
    const before = await list();
    const refused = {
      "same name, other case": [
        "site reliability ENGINEER",
        409,
        "The form already has the position Site Reliability Engineer.",
      ],
      "accents folded": [
        "Sité Reliability Engineer",
        409,
        "The form already has the position Site Reliability Engineer.",
      ],
      "one character": ["Q", 400, "Give the position a name of 2 to 60 characters."],
      "61 characters": ["x".repeat(61), 400, "Give the position a name of 2 to 60 characters."],
      "5,000 characters": ["y".repeat(5_000), 400, "Give the position a name of 2 to 60 characters."],
      // Past the console's body limit: refused before it is read.
      "1 MB": ["z".repeat(1_000_000), 413, undefined],
      "a script": [
        '<script>alert("pos")</script>',
        400,
        "Write the name in plain words: no <, >, control characters or text-direction marks.",
      ],
      "a line break": [
        "Data\r\nX-Injected: 1",
        400,
        "Write the name in plain words: no <, >, control characters or text-direction marks.",
      ],
      "a direction override": [
        "Engineer\u202eXSS",
        400,
        "Write the name in plain words: no <, >, control characters or text-direction marks.",
      ],
      "not text": [{ name: 42 }, 400, "Give the position a name of 2 to 60 characters."],
    } as const;
    for (const [what, [name, status, message]] of Object.entries(refused)) {
      const res = await post("/admin/api/positions", typeof name === "string" ? { name } : name);
      expect(res.statusCode, what).toBe(status);
      if (message) expect(res.json().message, what).toBe(message);
    }
    expect(await list()).toEqual(before);
  });

  it("offers a new position on /career within the stamp period and accepts applications for it", async () => {
    tick(6);
    const page = await careerPage();
    expect(offeredIn(page)).toContain(sre);
    // The page's data block carries the list the browser's form and validator use.
    const data = JSON.parse(
      /<script type="application\/json" id="careers-data">([\s\S]*?)<\/script>/.exec(page)![1]!,
    ) as {
      positions: string[];
    };
    expect(data.positions).toContain(sre);

    const script = await apply({ ...validApplicationFields, email: "sre-script@example.com", position: sre });
    expect(script.statusCode, script.body).toBe(201);
    const browser = await browserApply({ ...validApplicationFields, email: "sre-browser@example.com", position: sre });
    expect(browser.statusCode, browser.body).toBe(303);
    const rows = await app.storage.db
      .selectFrom("submissions")
      .select(["email", "position"])
      .where("email", "in", ["sre-script@example.com", "sre-browser@example.com"])
      .orderBy("email")
      .execute();
    expect(rows).toEqual([
      { email: "sre-browser@example.com", position: sre },
      { email: "sre-script@example.com", position: sre },
    ]);
  });

  it("refuses a position the form does not offer, with the form's message, and returns the live list without JavaScript", async () => {
    const unknown = { ...validApplicationFields, email: "nobody-pos@example.com", position: "Chief Vibes Officer" };
    const script = await apply(unknown);
    expect(script.statusCode).toBe(400);
    expect(script.json().errors.position).toBe(applicationMessages.position);
    const browser = await browserApply(unknown);
    expect(browser.statusCode).toBe(400);
    expect(browser.body).toContain(applicationMessages.position);
    expect(offeredIn(browser.body)).toEqual([...seedPositions, sre]);
    expect(browser.body).not.toContain("Chief Vibes Officer");
  });

  it("retires a position from the form, keeps old applications filtered by it, and offers it again", async () => {
    const id = await idOf(sre);
    expect((await post(`/admin/api/positions/${id}/retire`, {}, people.hr.cookie)).statusCode).toBe(403);
    const res = await post(`/admin/api/positions/${id}/retire`, {});
    expect(res.statusCode, res.body).toBe(200);
    const retired = deepStrict(positionsAnswer)
      .parse(res.json().data)
      .positions.find((p) => p.id === id)!;
    expect(retired).toMatchObject({ name: sre, applications: 2, roles: 0 });
    expect(retired.retiredAt).not.toBeNull();

    tick(6);
    expect(offeredIn(await careerPage())).not.toContain(sre);
    const late = await apply({ ...validApplicationFields, email: "sre-late@example.com", position: sre });
    expect(late.statusCode).toBe(400);
    expect(late.json().errors.position).toBe(applicationMessages.position);

    // The inbox still filters and searches by it: the applications sent while it was offered.
    for (const filter of [{ position: sre }, { q: "reliability" }]) {
      const inbox = await post("/admin/api/inbox", { kind: "application", ...filter }, people.hr.cookie);
      expect(inbox.statusCode, inbox.body).toBe(200);
      const about = (inbox.json().data.rows as { about: string | null }[]).map((r) => r.about);
      expect(about, JSON.stringify(filter)).toEqual([sre, sre]);
    }

    const again = await post(`/admin/api/positions/${id}/offer`, {});
    expect(again.statusCode).toBe(200);
    tick(6);
    expect(offeredIn(await careerPage())).toContain(sre);
    expect((await auditOf(sre)).map((e) => e.action)).toEqual([
      "position added",
      "position retired",
      "position offered again",
    ]);
  });

  it("does not retire a position a published role names", async () => {
    const role = await app.storage.db
      .selectFrom("job_roles")
      .select(["title", "position"])
      .where("state", "=", "published")
      .orderBy("id")
      .executeTakeFirstOrThrow();
    const res = await post(`/admin/api/positions/${await idOf(role.position)}/retire`, {});
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain(role.title);
    expect(offeredIn(await careerPage())).toContain(role.position);
  });

  it("lets HR give a role only a position the form offers, and not publish one whose position was retired", async () => {
    const role = {
      title: "Mainframe Modernisation Lead",
      position: "Data Scientist",
      offices: ["London"],
      employmentType: "FULL_TIME",
      workplace: "hybrid",
      salary: null,
      description:
        "Lead the move of a bank's batch jobs from COBOL to services our client teams can change in an afternoon, one job at a time.",
      datePosted: "2026-12-01",
      validThrough: "2027-03-31",
    };
    const unknown = await post("/admin/api/roles", { ...role, position: "Chief Vibes Officer" }, people.hr.cookie);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors.position).toBe("Choose one of the form's positions.");
    const created = await post("/admin/api/roles", role, people.hr.cookie);
    expect(created.statusCode, created.body).toBe(201);
    const draft = created.json().data as { role: { id: number; updatedAt: string }; positions: string[] };
    expect(draft.positions).toEqual([...seedPositions, sre]);

    // Retired while the role is a draft: the role keeps it on save, but does not go live with it.
    expect((await post(`/admin/api/positions/${await idOf("Data Scientist")}/retire`, {})).statusCode).toBe(200);
    const publish = await post(
      `/admin/api/roles/${draft.role.id}/publish`,
      { updatedAt: draft.role.updatedAt },
      people.hr.cookie,
    );
    expect(publish.statusCode).toBe(400);
    expect(publish.json().message).toBe(
      "The form no longer offers the position Data Scientist. Choose another position, save, and try again.",
    );
    const detail = await get(`/admin/api/roles/${draft.role.id}`, people.hr.cookie);
    expect((detail.json().data as { positions: string[] }).positions).toContain("Data Scientist");
    expect((await post(`/admin/api/positions/${await idOf("Data Scientist")}/offer`, {})).statusCode).toBe(200);
  });

  it("answers 404 for a position that does not exist and for ids out of range", async () => {
    for (const id of ["999999", "0", "-1", "99999999999", "abc"]) {
      expect((await post(`/admin/api/positions/${id}/retire`, {})).statusCode, id).toBe(404);
    }
  });
});
