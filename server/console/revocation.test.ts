/**
 * Access ends when it is taken away, on SQLite and PostgreSQL: a revoked person's passkeys,
 * sessions and invitation links stop at once; a session ends with the passkey that opened it;
 * invitations are made, listed and cancelled from the console; refused sign-ins are audited.
 * (The same with real passkeys in Chromium: tests/console/revocation.spec.ts.)
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invitationLinkAnswer, peopleAnswer, revocationAnswer, staffAnswer } from "../../contracts/console-answers";
import { buildApp } from "../app";
import { backends, useBackend } from "../test-support/backends";
import { addPasskey, signedInStaff } from "../test-support/staff";
import { createInvitation, openInvitation } from "./invitations";
import { staffRoles } from "../../contracts/staff/permissions";
import type { StaffRole } from "./staff-roles";
import { createSession, sessionCookieName } from "./sessions";

type App = Awaited<ReturnType<typeof buildApp>>;
const origin = "https://www.altivacloud.com";

describe.each(backends)("revocation on %s", (backend) => {
  const env = useBackend(backend, { RATE_LIMIT_MAX: "0" });
  let app: App;
  const clock = new Date("2026-11-23T09:00:00.000Z");
  const now = () => clock;
  let admin: Awaited<ReturnType<typeof signedInStaff>>;

  beforeAll(async () => {
    app = await buildApp(env.config, { serveSite: false, now });
    admin = await signedInStaff(app.storage.db, { role: "admin", name: "Ada Admin" }, clock);
  }, 60_000);
  afterAll(() => app.close());

  const person = (role: StaffRole, name: string) => signedInStaff(app.storage.db, { role, name }, clock);
  const get = (url: string, cookie: string) => app.inject({ method: "GET", url, headers: { cookie } });
  const post = (url: string, cookie: string, payload: object) =>
    app.inject({ method: "POST", url, headers: { "content-type": "application/json", cookie, origin }, payload });
  const auditOf = (action: string) =>
    app.storage.db.selectFrom("audit_log").selectAll().where("action", "=", action).orderBy("id").execute();

  it("revoking a person revokes every passkey, cancels pending invitations and ends every session", async () => {
    // A second link made before she joined (for a higher role), never used: it outlives her joining.
    const email = "hana.recruiter@altivacloud.com";
    const olderLink = await createInvitation(app.storage.db, { email, name: "Hana", role: "admin" }, clock, null);
    const hr = await signedInStaff(app.storage.db, { role: "hr", name: "Hana Recruiter", email }, clock);
    const laptopKey = await addPasskey(app.storage.db, hr.id, clock);
    const laptop = `${sessionCookieName(true)}=${await createSession(app.storage.db, hr.id, laptopKey, clock)}`;

    expect((await post(`/admin/api/people/${hr.id}/revoke`, admin.cookie, {})).statusCode).toBe(400);
    const revoked = await post(`/admin/api/people/${hr.id}/revoke`, admin.cookie, { confirm: true });
    expect(revoked.statusCode).toBe(200);
    expect(revocationAnswer.strict().parse(revoked.json().data)).toEqual({ passkeys: 2, invitations: 1, sessions: 2 });

    expect((await get("/admin/api/me", hr.cookie)).statusCode).toBe(401);
    expect((await get("/admin/api/me", laptop)).statusCode).toBe(401);
    const keys = await app.storage.db
      .selectFrom("passkeys")
      .select("revoked_at")
      .where("staff_id", "=", hr.id)
      .execute();
    expect(keys.map((k) => k.revoked_at)).toEqual([clock.toISOString(), clock.toISOString()]);
    expect(await openInvitation(app.storage.db, olderLink, clock)).toBeUndefined();

    // Even if their person were restored by a new invitation, an old passkey's session is refused.
    await app.storage.db.updateTable("staff").set({ revoked_at: null }).where("id", "=", hr.id).execute();
    const stolen = `${sessionCookieName(true)}=${await createSession(app.storage.db, hr.id, laptopKey, clock)}`;
    expect((await get("/admin/api/me", stolen)).statusCode).toBe(401);

    const [entry] = await auditOf("revoke person");
    expect(entry).toMatchObject({ staff_name: "Ada Admin", subject: hr.email });
    expect(entry!.detail).toBe("2 passkey(s), 1 pending invitation(s), 2 session(s)");
  });

  it("a session opened with a passkey gets 401 on its next request once that passkey is revoked", async () => {
    const sales = await person("sales", "Sam Sales");
    const phoneKey = await addPasskey(app.storage.db, sales.id, clock);
    const phone = `${sessionCookieName(true)}=${await createSession(app.storage.db, sales.id, phoneKey, clock)}`;
    expect((await get("/admin/api/me", phone)).statusCode).toBe(200);
    // Exactly the contract's fields: not which passkey opened the session.
    expect(staffAnswer.strict().parse((await get("/admin/api/me", phone)).json().data)).toEqual({
      id: sales.id,
      email: sales.email,
      name: "Sam Sales",
      role: "sales",
      roleLabel: staffRoles.sales.label,
      permissions: [...staffRoles.sales.permissions],
    });

    expect((await post(`/admin/api/passkeys/${phoneKey}/revoke`, admin.cookie, {})).statusCode).toBe(400);
    expect((await post(`/admin/api/passkeys/${phoneKey}/revoke`, admin.cookie, { confirm: true })).statusCode).toBe(
      200,
    );
    expect((await get("/admin/api/me", phone)).statusCode).toBe(401);
    // The session opened with the other passkey goes on.
    expect((await get("/admin/api/me", sales.cookie)).statusCode).toBe(200);
    const sessions = await app.storage.db
      .selectFrom("staff_sessions")
      .select("passkey_id")
      .where("staff_id", "=", sales.id)
      .execute();
    expect(sessions.map((s) => s.passkey_id)).toEqual([sales.passkeyId]);
  });

  it("nobody revokes themselves, their own last passkey, or the last administrator", async () => {
    expect((await post(`/admin/api/people/${admin.id}/revoke`, admin.cookie, { confirm: true })).json().message).toBe(
      "You cannot revoke yourself; ask another administrator.",
    );
    const own = await post(`/admin/api/passkeys/${admin.passkeyId}/revoke`, admin.cookie, { confirm: true });
    expect(own.statusCode).toBe(400);
    expect(own.json().message).toBe("This is your last passkey; create another before revoking this one.");
    expect((await get("/admin/api/me", admin.cookie)).statusCode).toBe(200);

    // With a second passkey, the first may go; the session it opened ends with it.
    const spare = await addPasskey(app.storage.db, admin.id, clock);
    const spareSession = `${sessionCookieName(true)}=${await createSession(app.storage.db, admin.id, spare, clock)}`;
    expect(
      (await post(`/admin/api/passkeys/${admin.passkeyId}/revoke`, spareSession, { confirm: true })).statusCode,
    ).toBe(200);
    expect((await get("/admin/api/me", admin.cookie)).statusCode).toBe(401);
    admin = { ...admin, passkeyId: spare, cookie: spareSession };

    // Two administrators may revoke each other; the one left can revoke neither themselves nor
    // their last passkey, so the console always keeps an administrator who can sign in.
    const second = await person("admin", "Bea Second");
    expect((await post(`/admin/api/people/${admin.id}/revoke`, second.cookie, { confirm: true })).statusCode).toBe(200);
    expect((await get("/admin/api/me", admin.cookie)).statusCode).toBe(401);
    expect((await post(`/admin/api/people/${second.id}/revoke`, second.cookie, { confirm: true })).statusCode).toBe(
      400,
    );
    expect(
      (await post(`/admin/api/passkeys/${second.passkeyId}/revoke`, second.cookie, { confirm: true })).statusCode,
    ).toBe(400);
    const admins = await app.storage.db
      .selectFrom("staff")
      .select("name")
      .where("role", "=", "admin")
      .where("revoked_at", "is", null)
      .execute();
    expect(admins.map((a) => a.name)).toEqual(["Bea Second"]);
    admin = second;
  });

  it("invites from the console, shows the link once, lists pending invitations and cancels them, audited", async () => {
    const made = await post("/admin/api/invitations", admin.cookie, {
      email: "  Zoe.Nunez@AltivaCloud.com ",
      name: "Zoë Ñúñez",
      role: "hr",
    });
    expect(made.statusCode).toBe(201);
    const { link } = invitationLinkAnswer.strict().parse(made.json().data);
    expect(link).toMatch(/^https:\/\/www\.altivacloud\.com\/admin\/invitation#[\w-]{43}$/);
    const token = link.split("#")[1]!;
    expect(await openInvitation(app.storage.db, token, clock)).toMatchObject({ email: "zoe.nunez@altivacloud.com" });

    const people = peopleAnswer.parse((await get("/admin/api/people", admin.cookie)).json().data);
    const listed = people.invitations;
    const mine = listed.find((i) => i.name === "Zoë Ñúñez")!;
    expect(mine).toMatchObject({ role: "hr", email: "zoe.nunez@altivacloud.com", invited_by: admin.name });
    // The list names invitations without holding a usable link.
    expect(JSON.stringify(listed)).not.toContain(token);

    const cancelled = await post(`/admin/api/invitations/${encodeURIComponent(mine.id)}/cancel`, admin.cookie, {});
    expect(cancelled.statusCode).toBe(200);
    expect(await openInvitation(app.storage.db, token, clock)).toBeUndefined();
    expect((await get("/admin/api/people", admin.cookie)).json().data.invitations).not.toContainEqual(
      expect.objectContaining({ id: mine.id }),
    );
    expect(
      (await post(`/admin/api/invitations/${encodeURIComponent(mine.id)}/cancel`, admin.cookie, {})).statusCode,
    ).toBe(404);
    expect((await auditOf("cancel invitation")).at(-1)).toMatchObject({ subject: "zoe.nunez@altivacloud.com" });
    expect((await auditOf("invitation")).at(-1)).toMatchObject({ detail: "role hr, from the console; e-mailed" });

    for (const [body, message] of [
      [{ email: "not-an-address", name: "X", role: "hr" }, "Enter the person's work e-mail address."],
      [
        { email: "a@altivacloud.com", name: "Eve\u001b]52;c;aGk=\u0007", role: "hr" },
        "Write the name on one line, without control characters.",
      ],
      [
        { email: "a@altivacloud.com", name: "Eve\r\nBcc: x", role: "hr" },
        "Write the name on one line, without control characters.",
      ],
      [{ email: "a@altivacloud.com", name: "Eve", role: "owner" }, "Choose a role."],
    ] as const) {
      const refused = await post("/admin/api/invitations", admin.cookie, body);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe(message);
    }
  });

  it("audits refused sign-ins: an unknown passkey, a revoked one, a revoked person's", async () => {
    const before = (await auditOf("sign-in refused")).length;
    const signIn = (id: string) =>
      app.inject({
        method: "POST",
        url: "/admin/api/sign-in/verify",
        headers: { "content-type": "application/json", origin },
        payload: { response: { id, rawId: id, type: "public-key", response: {} } },
      });
    expect((await signIn("a-passkey-nobody-has")).statusCode).toBe(401);

    const leaver = await person("sales", "Lee Leaver");
    const key = await addPasskey(app.storage.db, leaver.id, clock);
    await post(`/admin/api/passkeys/${key}/revoke`, admin.cookie, { confirm: true });
    expect((await signIn(key)).statusCode).toBe(401);
    await post(`/admin/api/people/${leaver.id}/revoke`, admin.cookie, { confirm: true });
    expect((await signIn(leaver.passkeyId)).statusCode).toBe(401);

    const entries = (await auditOf("sign-in refused")).slice(before);
    expect(entries.map((e) => [e.detail, e.staff_name, e.subject])).toEqual([
      ["unknown passkey", null, null],
      ["revoked passkey", "Lee Leaver", leaver.email],
      ["revoked person", "Lee Leaver", leaver.email],
    ]);
    // What a stranger sent as a credential id is not kept.
    expect(JSON.stringify(entries)).not.toContain("a-passkey-nobody-has");
  });

  it("nobody can be invited while they have access: the link would sign its holder in as them", async () => {
    const sales = await person("sales", "Sami Seller");
    const before = (await auditOf("invitation")).length;
    const refused = await post("/admin/api/invitations", admin.cookie, {
      email: sales.email,
      name: "Sami",
      role: "admin",
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      "This address belongs to someone who has access now. Revoke their access first to invite them again.",
    );
    expect((await auditOf("invitation")).length).toBe(before);
    // A link made while nobody held the address (so still open) cannot be spent once someone does.
    const email = "late.joiner@altivacloud.com";
    const early = await createInvitation(app.storage.db, { email, name: "Late Joiner", role: "admin" }, clock, null);
    const joined = await signedInStaff(app.storage.db, { role: "sales", name: "Late Joiner", email }, clock);
    const options = await post("/admin/api/invitation/options", "", { token: early });
    expect(options.statusCode).toBe(410);
    expect(options.json().message).toMatch(/^This address belongs to someone who has access now\./);
    const row = await app.storage.db
      .selectFrom("staff")
      .selectAll()
      .where("id", "=", joined.id)
      .executeTakeFirstOrThrow();
    expect(row.role).toBe("sales");
    const keys = await app.storage.db.selectFrom("passkeys").select("id").where("staff_id", "=", joined.id).execute();
    expect(keys).toHaveLength(1);
  });

  it("an administrator's revocation ends the invitations they made: a link of theirs no longer opens", async () => {
    const rogue = await person("admin", "Rex Rogue");
    const made = await post("/admin/api/invitations", rogue.cookie, {
      email: "accomplice@example.com",
      name: "Accomplice",
      role: "admin",
    });
    const token = invitationLinkAnswer.parse(made.json().data).link.split("#")[1]!;
    // A second link, made on the command line before, is not theirs and stays.
    const cliToken = await createInvitation(
      app.storage.db,
      { email: "new.starter@altivacloud.com", name: "New Starter", role: "sales" },
      clock,
      null,
    );
    expect(await openInvitation(app.storage.db, token, clock)).toBeDefined();

    const revoked = await post(`/admin/api/people/${rogue.id}/revoke`, admin.cookie, { confirm: true });
    expect(revocationAnswer.parse(revoked.json().data).invitations).toBe(1);
    expect(await openInvitation(app.storage.db, token, clock)).toBeUndefined();
    expect((await post("/admin/api/invitation/options", "", { token })).statusCode).toBe(410);
    expect(await openInvitation(app.storage.db, cliToken, clock)).toBeDefined();

    // Revoked some other way (no cancellation reached the link), the link is refused all the same.
    const other = await person("admin", "Olga Other");
    const otherMade = await post("/admin/api/invitations", other.cookie, {
      email: "second.accomplice@example.com",
      name: "Second Accomplice",
      role: "hr",
    });
    const otherToken = invitationLinkAnswer.parse(otherMade.json().data).link.split("#")[1]!;
    await app.storage.db
      .updateTable("staff")
      .set({ revoked_at: clock.toISOString() })
      .where("id", "=", other.id)
      .execute();
    expect(await openInvitation(app.storage.db, otherToken, clock)).toBeUndefined();
  });

  it("two administrators revoking each other at once leave one of them with access, 20 times out of 20", async () => {
    for (let round = 0; round < 20; round++) {
      const a = await person("admin", `Ana Admin ${round}`);
      const b = await person("admin", `Ben Admin ${round}`);
      const answers = await Promise.all([
        post(`/admin/api/people/${b.id}/revoke`, a.cookie, { confirm: true }),
        post(`/admin/api/people/${a.id}/revoke`, b.cookie, { confirm: true }),
      ]);
      const statuses = answers.map((r) => r.statusCode).sort();
      expect(statuses, `round ${round}`).toEqual([200, 401]);
      const active = await app.storage.db
        .selectFrom("staff")
        .select("id")
        .where("id", "in", [a.id, b.id])
        .where("revoked_at", "is", null)
        .execute();
      expect(active, `round ${round}`).toHaveLength(1);
    }
  });
});
