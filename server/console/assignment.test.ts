/**
 * Owners and reads (issue 27) against the real server on SQLite and PostgreSQL, the real outbox
 * worker and a real SMTP server: a sales lead gives an enquiry to a colleague (audited with staff
 * names only, one e-mail to the colleague with a link and nothing of the sender); Mine, Unassigned
 * and All list and count what they should, with a revoked owner's items back in Unassigned;
 * unread is per person and ends with that person's own opening; Previous and Next follow the
 * view; refusals for other roles, other kinds, revoked, unknown and hostile choices; two people
 * assigning at once; an item given away again (or its owner revoked) before delivery sends nothing
 * to the first; an erasure takes the reads and the owner with the item.
 */
import { strFromU8, unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assignmentAnswer, inboxAnswer, inboxViewsAnswer, type InboxView } from "../../contracts/console-answers";
import { formDefinitions } from "../../contracts/forms/index";
import { buildApp } from "../app";
import type { Config } from "../config";
import { createOutboxWorker } from "../mail/outbox-worker";
import { createTransport } from "../mail/transport";
import { insertSubmission } from "../submissions/submissions";
import { backends, useBackend } from "../test-support/backends";
import { validApplicationFields, validContact, validFeedback } from "../test-support/fixtures";
import { startSmtp } from "../test-support/smtp";
import { signedInStaff } from "../test-support/staff";
import { deepStrict } from "../test-support/strict-schema";
import { peoplesCopyPath } from "./peoples-copy-routes";
import type { StaffRole } from "./staff-roles";

type App = Awaited<ReturnType<typeof buildApp>>;
type Person = Awaited<ReturnType<typeof signedInStaff>>;
const origin = "https://www.altivacloud.com";

describe.each(backends)("owners and reads on %s", (backend) => {
  const env = useBackend(backend, { RATE_LIMIT_MAX: "0", CONFIRMATION_EMAILS: "false" });
  let app: App;
  let config: Config;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  const clock = new Date("2026-11-23T09:00:00.000Z");
  const now = () => clock;
  let admin: Person;
  let lead: Person;
  let colleague: Person;
  let hr: Person;
  let serial = 0;

  const get = (url: string, cookie?: string) => app.inject({ method: "GET", url, headers: cookie ? { cookie } : {} });
  const post = (url: string, cookie: string | undefined, payload: unknown, from: string | null = origin) =>
    app.inject({
      method: "POST",
      url,
      headers: { "content-type": "application/json", ...(from ? { origin: from } : {}), ...(cookie ? { cookie } : {}) },
      payload: payload as object,
    });
  const assignTo = (id: number, who: Person, to: number | null, expected?: number | null) =>
    post(`/admin/api/submissions/${id}/assignment`, who.cookie, expected === undefined ? { to } : { to, expected });
  const person = (role: StaffRole, name: string) => signedInStaff(app.storage.db, { role, name }, clock);
  const revoke = async (p: Person) =>
    expect((await post(`/admin/api/people/${p.id}/revoke`, admin.cookie, { confirm: true })).statusCode).toBe(200);
  const drain = async () => {
    const worker = createOutboxWorker({
      config,
      storage: app.storage,
      transport: createTransport({ smtpUrl: config.smtpUrl, dataDir: config.dataDir }),
      now,
    });
    for (let i = 0; i < 10 && (await worker.runOnce()) > 0; i++);
  };
  const mailsAbout = (id: number, email: string) =>
    smtp.received.filter((m) => m.to.includes(email) && m.header("Subject")?.endsWith(`#${id}`));
  const auditOf = (id: number) =>
    app.storage.db
      .selectFrom("audit_log")
      .selectAll()
      .where("submission_id", "=", id)
      .where("action", "=", "assignment")
      .orderBy("id")
      .execute();
  const inbox = async (who: Person, view: InboxView, extra: object = {}) => {
    const res = await post("/admin/api/inbox", who.cookie, { view, ...extra });
    expect(res.statusCode).toBe(200);
    return deepStrict(inboxAnswer).parse(res.json().data).rows;
  };
  const views = async (who: Person) => {
    const res = await get("/admin/api/inbox/views", who.cookie);
    expect(res.statusCode).toBe(200);
    return deepStrict(inboxViewsAnswer).parse(res.json().data);
  };

  /** An enquiry (or feedback) from a sender of its own, received at `at`. */
  async function enquiry(kind: "contact" | "feedback" = "contact", at = clock, values: Record<string, unknown> = {}) {
    serial++;
    const base = kind === "contact" ? validContact : validFeedback;
    const { id } = await insertSubmission(
      app.storage,
      formDefinitions[kind],
      { ...base, firstName: `Sender${serial}`, email: `sender${serial}@example.com`, ...values },
      { ip: "192.0.2.7", userAgent: "Firefox", spam: false, now: at },
      [{ channel: "email", purpose: "notify", recipient: config.mail.notifyEmail }],
    );
    return id;
  }

  beforeAll(async () => {
    smtp = await startSmtp();
    config = { ...env.config, smtpUrl: smtp.url };
    app = await buildApp(config, { serveSite: false, now });
    admin = await person("admin", "Ines Owner-Admin");
    lead = await person("sales", "Lena Lead");
    colleague = await person("sales", "Colm Colleague");
    hr = await person("hr", "Hana Hiring");
  }, 60_000);
  afterAll(async () => {
    await app.close();
    await smtp.close();
  });

  it("a sales lead gives an enquiry to a colleague: audited by staff names, one e-mail with the link and nothing of the sender", async () => {
    const sender = {
      firstName: "Zelda",
      lastName: "Quarrington",
      email: "zelda.quarrington@northwindlogistics.com",
      message: "Our budget for the Kubernetes move is forty thousand.",
    };
    const id = await enquiry("contact", clock, sender);

    const before = await get(`/admin/api/submissions/${id}/assignment`, lead.cookie);
    expect(before.statusCode).toBe(200);
    const shown = deepStrict(assignmentAnswer).parse(before.json().data);
    expect(shown.assignee).toBeNull();
    const names = shown.people.map((p) => p.name);
    expect(names).toEqual(expect.arrayContaining(["Colm Colleague", "Lena Lead", "Ines Owner-Admin"]));
    expect(names).not.toContain("Hana Hiring");

    const res = await assignTo(id, lead, colleague.id, null);
    expect(res.statusCode).toBe(200);
    expect(deepStrict(assignmentAnswer).parse(res.json().data).assignee).toEqual({
      id: colleague.id,
      name: "Colm Colleague",
      revoked: false,
    });

    const [entry, ...more] = await auditOf(id);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({ staff_name: "Lena Lead", subject: `contact #${id}`, detail: "to Colm Colleague" });
    const logged = `${entry!.subject} ${entry!.detail}`;
    for (const word of ["Zelda", "Quarrington", "northwind", "Kubernetes"]) expect(logged).not.toContain(word);

    await drain();
    const received = mailsAbout(id, colleague.email);
    expect(received).toHaveLength(1);
    const mail = received[0]!;
    expect(mail.to).toEqual([colleague.email]);
    expect(mail.header("Subject")).toBe(`Assigned to you: contact enquiry #${id}`);
    expect(mail.decoded).toContain(`${config.admin.origin}/admin/submissions/${id}`);
    expect(mail.decoded).toContain("Lena Lead gave you");
    for (const word of ["Zelda", "Quarrington", "zelda", "northwind", "Kubernetes", "forty thousand"]) {
      expect(mail.raw.toLowerCase()).not.toContain(word.toLowerCase());
      expect(mail.decoded.toLowerCase()).not.toContain(word.toLowerCase());
    }
    // Only the colleague heard of it.
    expect(smtp.received.filter((m) => m.header("Subject")?.endsWith(`#${id}`))).toHaveLength(1);
  });

  it("taking an item yourself, or giving it back to nobody, sends no e-mail and is audited", async () => {
    const id = await enquiry("feedback");
    expect((await assignTo(id, lead, lead.id, null)).statusCode).toBe(200);
    const back = await assignTo(id, lead, null, lead.id);
    expect(back.statusCode).toBe(200);
    expect(deepStrict(assignmentAnswer).parse(back.json().data).assignee).toBeNull();
    expect((await auditOf(id)).map((e) => e.detail)).toEqual(["to Lena Lead", "to nobody (was Lena Lead)"]);
    await drain();
    expect(smtp.received.filter((m) => m.header("Subject")?.endsWith(`#${id}`))).toEqual([]);
  });

  it("Mine, Unassigned and All list and count what they should; unread is per person and ends with their own opening", async () => {
    const vera = await person("sales", "Vera Views");
    const mine = await enquiry("contact");
    const mineFeedback = await enquiry("feedback");
    const others = await enquiry("contact");
    const nobodys = await enquiry("feedback");
    const application = await insertSubmission(
      app.storage,
      formDefinitions.application,
      validApplicationFields,
      { ip: "192.0.2.8", userAgent: null, spam: false, now: clock },
      [],
    );
    for (const id of [mine, mineFeedback]) expect((await assignTo(id, lead, vera.id, null)).statusCode).toBe(200);
    expect((await assignTo(others, lead, colleague.id, null)).statusCode).toBe(200);

    const veraMine = await inbox(vera, "mine");
    expect(veraMine.map((r) => r.id).sort()).toEqual([mine, mineFeedback].sort());
    expect(veraMine.every((r) => r.unread)).toBe(true);
    expect(await views(vera)).toMatchObject({ mine: 2, unread: 2 });

    const unassigned = (await inbox(vera, "unassigned")).map((r) => r.id);
    expect(unassigned).toContain(nobodys);
    for (const id of [mine, mineFeedback, others]) expect(unassigned).not.toContain(id);
    expect((await views(vera)).unassigned).toBe(unassigned.length);
    // Admins' Unassigned is enquiries and feedback only: an application has no owner to lack.
    expect((await inbox(admin, "unassigned")).map((r) => r.id)).not.toContain(application.id);
    const all = (await inbox(vera, "all")).map((r) => r.id);
    for (const id of [mine, mineFeedback, others, nobodys]) expect(all).toContain(id);
    // The view narrows the other filters, not replaces them.
    expect((await inbox(vera, "mine", { kind: "feedback" })).map((r) => r.id)).toEqual([mineFeedback]);

    // Another person opening it changes nothing for Vera.
    expect((await get(`/admin/api/submissions/${mine}`, lead.cookie)).statusCode).toBe(200);
    expect((await inbox(vera, "mine")).find((r) => r.id === mine)!.unread).toBe(true);
    expect((await inbox(lead, "all")).find((r) => r.id === mine)!.unread).toBe(false);
    // Her own opening does, and only for that item; reading the owner (assignment) is not opening.
    expect((await get(`/admin/api/submissions/${mine}/assignment`, vera.cookie)).statusCode).toBe(200);
    expect((await inbox(vera, "mine")).find((r) => r.id === mine)!.unread).toBe(true);
    expect((await get(`/admin/api/submissions/${mine}`, vera.cookie)).statusCode).toBe(200);
    const after = await inbox(vera, "mine");
    expect(after.find((r) => r.id === mine)!.unread).toBe(false);
    expect(after.find((r) => r.id === mineFeedback)!.unread).toBe(true);
    expect(await views(vera)).toMatchObject({ mine: 2, unread: 1 });
    // Opened twice, read once.
    expect((await get(`/admin/api/submissions/${mine}`, vera.cookie)).statusCode).toBe(200);
    const reads = await app.storage.db
      .selectFrom("submission_reads")
      .selectAll()
      .where("submission_id", "=", mine)
      .execute();
    expect(reads.map((r) => r.staff_id).sort()).toEqual([lead.id, vera.id].sort());
  });

  it("an item whose owner is revoked counts as unassigned, and its page names them as revoked", async () => {
    const tom = await person("sales", "Tom Baker");
    const id = await enquiry("contact");
    expect((await assignTo(id, lead, tom.id, null)).statusCode).toBe(200);
    expect((await inbox(colleague, "unassigned")).map((r) => r.id)).not.toContain(id);
    await revoke(tom);
    expect((await inbox(colleague, "unassigned")).map((r) => r.id)).toContain(id);
    const shown = deepStrict(assignmentAnswer).parse(
      (await get(`/admin/api/submissions/${id}/assignment`, colleague.cookie)).json().data,
    );
    expect(shown.assignee).toEqual({ id: tom.id, name: "Tom Baker", revoked: true });
    expect(shown.people.map((p) => p.id)).not.toContain(tom.id);
    // Taken over from the revoked owner: the expected owner is still Tom.
    expect((await assignTo(id, colleague, colleague.id, tom.id)).statusCode).toBe(200);
  });

  it("refuses other roles, other kinds, and anyone who may not own the item; a revoked session cannot assign", async () => {
    const id = await enquiry("contact");
    const rita = await person("sales", "Rita Revoked");
    const gone = await person("sales", "Gil Gone");
    await revoke(gone);
    const application = await insertSubmission(
      app.storage,
      formDefinitions.application,
      validApplicationFields,
      { ip: "192.0.2.9", userAgent: null, spam: false, now: clock },
      [],
    );

    // HR handles applications only: the routes are not theirs.
    expect((await get(`/admin/api/submissions/${id}/assignment`, hr.cookie)).statusCode).toBe(403);
    expect((await assignTo(id, hr, hr.id)).statusCode).toBe(403);
    expect((await get("/admin/api/inbox/views", hr.cookie)).statusCode).toBe(403);
    // Sales may not see applications (as every route of a submission answers); admins see them, but they have no owner.
    expect((await assignTo(application.id, lead, lead.id)).statusCode).toBe(403);
    expect((await assignTo(application.id, admin, admin.id)).statusCode).toBe(400);
    // An id nobody has: 404 for a role that sees every kind, 403 for one that does not (visible-submission.ts).
    expect((await assignTo(2_000_000, admin, admin.id)).statusCode).toBe(404);
    expect((await assignTo(2_000_000, lead, lead.id)).statusCode).toBe(403);

    for (const to of [hr.id, gone.id, 999_999]) {
      const res = await assignTo(id, lead, to);
      expect(res.statusCode, `to ${to}`).toBe(400);
      expect(res.json().message).toBe("That person cannot take this item: choose someone from the list.");
    }
    for (const body of [
      { to: "1" },
      { to: 2 ** 40 },
      { to: -1 },
      {},
      { to: 1.5 },
      { to: `<script>${"x".repeat(2_000)}` },
      [],
    ]) {
      expect((await post(`/admin/api/submissions/${id}/assignment`, lead.cookie, body)).statusCode).toBe(400);
    }
    // A huge body is refused before it is read.
    const huge = await post(`/admin/api/submissions/${id}/assignment`, lead.cookie, { to: "x".repeat(2_000_000) });
    expect(huge.statusCode).toBe(413);
    // Another origin, a stranger, a person revoked after signing in.
    expect(
      (await post(`/admin/api/submissions/${id}/assignment`, lead.cookie, { to: lead.id }, "https://evil.example"))
        .statusCode,
    ).toBe(403);
    expect((await post(`/admin/api/submissions/${id}/assignment`, undefined, { to: lead.id })).statusCode).toBe(401);
    expect((await get(`/admin/api/submissions/${id}/assignment`, rita.cookie)).statusCode).toBe(200);
    await revoke(rita);
    expect((await assignTo(id, rita, rita.id)).statusCode).toBe(401);
    expect((await get("/admin/api/inbox/views", rita.cookie)).statusCode).toBe(401);

    const row = await app.storage.db
      .selectFrom("submissions")
      .select("assigned_to")
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(row.assigned_to).toBeNull();
    expect(await auditOf(id)).toEqual([]);
  });

  it("two people assigning at once: with the owner they saw, one wins and the other hears 409; without it, both are audited", async () => {
    const id = await enquiry("contact");
    const [a, b] = await Promise.all([assignTo(id, lead, colleague.id, null), assignTo(id, admin, admin.id, null)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const winner = a.statusCode === 200 ? colleague.id : admin.id;
    const loser = a.statusCode === 200 ? b : a;
    expect(loser.json().message).toMatch(
      /^Someone else assigned it meanwhile: it is now with (Colm Colleague|Ines Owner-Admin)\./,
    );
    const owner = async () =>
      (
        await app.storage.db
          .selectFrom("submissions")
          .select("assigned_to")
          .where("id", "=", id)
          .executeTakeFirstOrThrow()
      ).assigned_to;
    expect(await owner()).toBe(winner);
    expect(await auditOf(id)).toHaveLength(1);

    const other = await enquiry("contact");
    const both = await Promise.all([assignTo(other, lead, colleague.id), assignTo(other, admin, lead.id)]);
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    const entries = await auditOf(other);
    expect(entries.map((e) => e.staff_name).sort()).toEqual(["Ines Owner-Admin", "Lena Lead"]);
    const final = (
      await app.storage.db
        .selectFrom("submissions")
        .select("assigned_to")
        .where("id", "=", other)
        .executeTakeFirstOrThrow()
    ).assigned_to;
    // The last entry in the log is the owner the item has.
    const last = entries.at(-1)!.detail!;
    expect(final).toBe(last.startsWith("to Colm Colleague") ? colleague.id : lead.id);
  });

  it("given to someone else, or its owner revoked, before delivery: the first assignee gets nothing", async () => {
    const first = await person("sales", "Fay First");
    const id = await enquiry("contact");
    expect((await assignTo(id, lead, first.id, null)).statusCode).toBe(200);
    expect((await assignTo(id, lead, colleague.id, first.id)).statusCode).toBe(200);
    await drain();
    expect(mailsAbout(id, first.email)).toEqual([]);
    expect(mailsAbout(id, colleague.email)).toHaveLength(1);
    const withdrawn = await app.storage.db
      .selectFrom("outbox")
      .select(["status", "last_error"])
      .where("submission_id", "=", id)
      .where("recipient", "=", first.email)
      .executeTakeFirstOrThrow();
    expect(withdrawn).toEqual({
      status: "failed",
      last_error: "Not sent: the item was given to someone else, or taken back, before delivery.",
    });

    const later = await person("sales", "Len Later");
    const second = await enquiry("feedback");
    expect((await assignTo(second, lead, later.id, null)).statusCode).toBe(200);
    await revoke(later);
    await drain();
    expect(mailsAbout(second, later.email)).toEqual([]);
  });

  it("a staff name with markup arrives as text in the e-mail", async () => {
    const odd = await signedInStaff(
      app.storage.db,
      { role: "sales", name: "Kim <script>alert(1)</script>", email: "kim.markup@altivacloud.com" },
      clock,
    );
    const id = await enquiry("contact");
    expect((await assignTo(id, lead, odd.id, null)).statusCode).toBe(200);
    await drain();
    const [mail] = mailsAbout(id, odd.email);
    expect(mail).toBeDefined();
    expect(mail!.decoded).toContain("Hello Kim &lt;script&gt;alert(1)&lt;/script&gt;,");
    // In the HTML part only as text; the plain-text part is text anyway.
    const html = mail!.decoded.slice(mail!.decoded.search(/Content-Type: text\/html/i));
    expect(html).toContain("Kim &lt;script&gt;");
    expect(html).not.toContain("<script>");
  });

  it("Previous and Next follow the view", async () => {
    const nina = await person("sales", "Nina Neighbour");
    const at = (minutes: number) => new Date(Date.UTC(2026, 10, 24, 10, minutes));
    const oldest = await enquiry("contact", at(1));
    const between = await enquiry("contact", at(2));
    const newest = await enquiry("contact", at(3));
    for (const id of [oldest, newest]) expect((await assignTo(id, lead, nina.id, null)).statusCode).toBe(200);
    const near = async (id: number, view?: InboxView) =>
      (await post(`/admin/api/submissions/${id}/neighbours`, nina.cookie, view ? { view } : {})).json().data;
    expect(await near(newest, "mine")).toEqual({ previous: null, next: oldest });
    expect(await near(oldest, "mine")).toEqual({ previous: newest, next: null });
    expect((await near(newest)).next).toBe(between);
  });

  it("the sender's copy of their data holds no colleague's address from an assignment e-mail", async () => {
    const id = await enquiry("contact", clock, { email: "copy.asker@example.com" });
    expect((await assignTo(id, lead, colleague.id, null)).statusCode).toBe(200);
    const res = await post(peoplesCopyPath, admin.cookie, { email: "copy.asker@example.com", consentIds: [] });
    expect(res.statusCode).toBe(200);
    const files = unzipSync(new Uint8Array(res.rawPayload));
    const text = Object.values(files)
      .map((bytes) => strFromU8(bytes))
      .join("\n");
    expect(text).toContain("copy.asker@example.com");
    expect(text).not.toContain(colleague.email);
  });

  it("an erasure takes the item's reads and owner with it", async () => {
    const id = await enquiry("contact", clock, { email: "erase.me@example.com" });
    expect((await assignTo(id, lead, colleague.id, null)).statusCode).toBe(200);
    expect((await get(`/admin/api/submissions/${id}`, colleague.cookie)).statusCode).toBe(200);
    const readsOf = () =>
      app.storage.db.selectFrom("submission_reads").selectAll().where("submission_id", "=", id).execute();
    expect(await readsOf()).toHaveLength(1);
    const erased = await post(`/admin/api/submissions/${id}/erase`, admin.cookie, { confirm: true, submissions: [id] });
    expect(erased.statusCode).toBe(200);
    expect(await readsOf()).toEqual([]);
    expect(
      await app.storage.db.selectFrom("submissions").select("assigned_to").where("id", "=", id).executeTakeFirst(),
    ).toBeUndefined();
    expect((await inbox(colleague, "mine")).map((r) => r.id)).not.toContain(id);
  });
});
