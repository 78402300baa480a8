/**
 * Invitations e-mailed (issue 44, decision 072), on SQLite and PostgreSQL, with the real SMTP
 * sink: inviting two people in a row sends two e-mails, each to its person with its own link,
 * and keeps both pending; the database holds only the links' hashes; a mail server that cannot be
 * reached leaves the invitation made, its link shown, and says why in words. Sales, HR and a
 * revoked administrator cannot invite. The command line's `invite` e-mails the link too (decision
 * 077) and prints it once, saying whether the mail went. The clock is fixed.
 */
import { PassThrough } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invitationLinkAnswer, peopleAnswer, type InvitationLinkAnswer } from "../../contracts/console-answers";
import { buildApp } from "../app";
import { runCli } from "../cli/index";
import type { Config } from "../config";
import { backends, useBackend } from "../test-support/backends";
import { startSmtp } from "../test-support/smtp";
import { signedInStaff } from "../test-support/staff";

const origin = "https://www.altivacloud.com";
const clock = new Date("2026-11-24T10:00:00.000Z");

describe.each(backends)("invitations by e-mail on %s", (backend) => {
  const env = useBackend(backend, { RATE_LIMIT_MAX: "0" });
  let app: Awaited<ReturnType<typeof buildApp>>;
  let config: Config;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let admin: Awaited<ReturnType<typeof signedInStaff>>;
  beforeAll(async () => {
    smtp = await startSmtp();
    config = { ...env.config, smtpUrl: smtp.url };
    app = await buildApp(config, { serveSite: false, now: () => clock });
    admin = await signedInStaff(app.storage.db, { role: "admin", name: "Ines Inviter" }, clock);
  }, 60_000);
  afterAll(async () => {
    await app.close();
    await smtp.close();
  });
  const invite = (a: typeof app, cookie: string, name: string, email: string, role = "sales") =>
    a.inject({
      method: "POST",
      url: "/admin/api/invitations",
      headers: { "content-type": "application/json", origin, cookie },
      payload: { name, email, role },
    });

  it("e-mails each of two invitations made in a row to its own person, and keeps both pending", async () => {
    const made: ({ email: string } & InvitationLinkAnswer)[] = [];
    for (const [name, email, role] of [
      ["Siobhán Ó Briain", `siobhan.${backend}@altivacloud.com`, "hr"],
      ["Tomás Reyes", `tomas.${backend}@altivacloud.com`, "sales"],
    ] as const) {
      const res = await invite(app, admin.cookie, name, email, role);
      expect(res.statusCode, res.body).toBe(201);
      made.push({ email, ...invitationLinkAnswer.parse(res.json().data) });
    }
    for (const m of made) {
      expect(m).toMatchObject({ mailed: true, mailProblem: null });
      const mails = smtp.received.filter((r) => r.to.includes(m.email));
      expect(mails).toHaveLength(1);
      expect(mails[0]!.header("Subject")).toBe("Your invitation to the Altiva Cloud staff console");
      expect(mails[0]!.decoded).toContain(m.link);
      // Only its own link: the other person's token is not in it.
      const other = made.find((o) => o !== m)!;
      expect(mails[0]!.decoded).not.toContain(other.link.split("#")[1]!);
    }
    expect(smtp.received.find((r) => r.to.includes(made[0]!.email))!.decoded).toContain(
      "Ines Inviter invited you to the Altiva Cloud staff console, as HR.",
    );
    const people = peopleAnswer.parse(
      (await app.inject({ method: "GET", url: "/admin/api/people", headers: { cookie: admin.cookie } })).json().data,
    );
    expect(people.invitations.map((i) => i.email).sort()).toEqual(made.map((m) => m.email).sort());
    // The database keeps the hashes, never a usable link.
    const rows = JSON.stringify(await app.storage.db.selectFrom("invitations").selectAll().execute());
    for (const m of made) expect(rows).not.toContain(m.link.split("#")[1]!);
    const audit = await app.storage.db
      .selectFrom("audit_log")
      .select("detail")
      .where("action", "=", "invitation")
      .orderBy("id")
      .execute();
    expect(audit.map((a) => a.detail)).toEqual([
      "role hr, from the console; e-mailed",
      "role sales, from the console; e-mailed",
    ]);
  });

  it("still makes the invitation and shows its link when the mail server cannot be reached, saying why", async () => {
    const offline = await buildApp(
      { ...env.config, smtpUrl: "smtp://127.0.0.1:1" },
      { serveSite: false, now: () => clock },
    );
    try {
      const res = await invite(offline, admin.cookie, "Uma Unmailed", `uma.${backend}@altivacloud.com`);
      expect(res.statusCode, res.body).toBe(201);
      const answer = invitationLinkAnswer.parse(res.json().data);
      expect(answer).toMatchObject({ mailed: false, mailProblem: "the mail server could not be reached" });
      expect(answer.link).toMatch(/^https:\/\/www\.altivacloud\.com\/admin\/invitation#/);
    } finally {
      await offline.close();
    }
  });

  /** `npm run admin -- …` against this suite's database, with `smtpUrl` as SMTP_URL. */
  async function cli(smtpUrl: string, ...argv: string[]) {
    const out = new PassThrough();
    let stdout = "";
    out.on("data", (c) => (stdout += c));
    const vars: Record<string, string> = { DATA_DIR: config.dataDir, LOG_LEVEL: "silent", SITE_URL: origin };
    if (config.databaseUrl) vars.DATABASE_URL = config.databaseUrl;
    const code = await runCli(argv, { ...vars, SMTP_URL: smtpUrl }, { out, err: new PassThrough(), now: () => clock });
    return { code, lines: stdout.trim().split("\n") };
  }
  const cliAudit = (email: string) =>
    app.storage.db
      .selectFrom("audit_log")
      .select("detail")
      .where("action", "=", "invitation")
      .where("subject", "=", email)
      .executeTakeFirstOrThrow();

  it("e-mails the command line's invitation and still prints its link once, saying the e-mail went", async () => {
    const email = `carla.cli.${backend}@altivacloud.com`;
    const { code, lines } = await cli(
      smtp.url,
      "invite",
      "--email",
      email,
      "--role",
      "marketing",
      "--name",
      "Carla Cli",
    );
    expect(code).toBe(0);
    const link = lines.at(-1)!;
    expect(link).toMatch(/^https:\/\/www\.altivacloud\.com\/admin\/invitation#[A-Za-z0-9_-]{43}$/);
    expect(lines.at(-2)).toBe(
      `It was e-mailed to ${email}. The same link, in case it does not arrive (send it to that person only):`,
    );
    expect(lines.filter((l) => l.includes(link.split("#")[1]!))).toHaveLength(1);
    const mails = smtp.received.filter((r) => r.to.includes(email));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.decoded).toContain(link);
    expect(mails[0]!.decoded).toContain("You are invited to the Altiva Cloud staff console, as Marketing.");
    expect((await cliAudit(email)).detail).toBe("role marketing, from the command line; e-mailed");
  });

  it("prints the command line's link and says why when the mail server cannot be reached", async () => {
    const email = `olga.offline.${backend}@altivacloud.com`;
    const { code, lines } = await cli("smtp://127.0.0.1:1", "invite", "--email", email, "--role", "sales");
    expect(code).toBe(0);
    expect(lines.at(-2)).toBe(
      "It was NOT e-mailed: the mail server could not be reached. Send this link to that person only:",
    );
    expect(lines.at(-1)).toMatch(/^https:\/\/www\.altivacloud\.com\/admin\/invitation#[A-Za-z0-9_-]{43}$/);
    expect(smtp.received.filter((r) => r.to.includes(email))).toHaveLength(0);
    expect((await cliAudit(email)).detail).toBe(
      "role sales, from the command line; not e-mailed: the mail server could not be reached",
    );
  });

  it("refuses sales, HR and a revoked administrator, and sends nothing for them", async () => {
    const before = smtp.received.length;
    const sales = await signedInStaff(app.storage.db, { role: "sales", name: "Sami Noinvite" }, clock);
    const hr = await signedInStaff(app.storage.db, { role: "hr", name: "Hana Noinvite" }, clock);
    const former = await signedInStaff(app.storage.db, { role: "admin", name: "Fred Former" }, clock);
    await app.storage.db
      .updateTable("staff")
      .set({ revoked_at: clock.toISOString() })
      .where("id", "=", former.id)
      .execute();
    for (const [cookie, code] of [
      [sales.cookie, 403],
      [hr.cookie, 403],
      [former.cookie, 401],
      ["", 401],
    ] as const)
      expect((await invite(app, cookie, "Eve Intruder", `eve.${backend}@example.com`, "admin")).statusCode).toBe(code);
    expect(smtp.received.length).toBe(before);
  });
});
