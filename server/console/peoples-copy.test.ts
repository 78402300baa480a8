/**
 * The people's copy against the real server and real databases (SQLite and PostgreSQL): the
 * privacy policy promises a copy and portability, and the copy holds each kind of data the
 * server keeps about an address (an enquiry, an application with its resume's bytes, feedback,
 * a quarantined submission, a note and status, a consent record) and nobody else's. Admin only,
 * audited by reference without the address; the CLI writes the same zip to a file only its
 * user may read.
 */
import { unzipSync, strFromU8 } from "fflate";
import matter from "gray-matter";
import fs from "node:fs";
import path from "node:path";
import { PassThrough } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { consentPath, contactPath, cookiePolicyVersion, feedbackPath } from "../../contracts/index";
import { buildApp } from "../app";
import { runCli } from "../cli/index";
import { backends, useBackend } from "../test-support/backends";
import {
  applicationParts,
  multipart,
  pdf,
  validApplicationFields,
  validContact,
  validFeedback,
} from "../test-support/fixtures";
import { signedInStaff } from "../test-support/staff";
import { peoplesCopyPath } from "./peoples-copy-routes";

type App = Awaited<ReturnType<typeof buildApp>>;
const origin = "https://www.altivacloud.com";

/** The policy's words, read from its content file as the site's build reads it. */
function privacyRights(): string {
  const { content } = matter(fs.readFileSync(path.resolve("app/content/legal/privacy-policy.md"), "utf8"));
  const section = content.split(/^## /m).find((s) => s.startsWith("Your rights"));
  if (!section) throw new Error("The privacy policy has no section on rights.");
  return section;
}

describe.each(backends)("the people's copy on %s", (backend) => {
  const env = useBackend(backend, { RATE_LIMIT_MAX: "0", ANALYTICS_RATE_LIMIT_MAX: "0" });
  let app: App;
  const clock = new Date("2026-11-20T10:00:00Z");
  const now = () => clock;
  const email = "Maya.Okonkwo@example.com";
  const consentId = "5f0c6a1e9b2d4c7a8e3f1b2c3d4e5f60";
  const resume = pdf(4096);
  resume.write("Maya's resume", 100);
  let admin: { cookie: string };
  const refs: { application: string; contactId: number; feedbackId: number; spamId: number } = {} as never;

  const post = (url: string, cookie: string | undefined, payload: object, from = origin) =>
    app.inject({
      method: "POST",
      url,
      headers: {
        "content-type": "application/json",
        "x-requested-with": "XMLHttpRequest",
        origin: from,
        ...(cookie ? { cookie } : {}),
      },
      payload,
    });
  const lastId = async () =>
    (await app.storage.db.selectFrom("submissions").select("id").orderBy("id", "desc").executeTakeFirstOrThrow()).id;

  beforeAll(async () => {
    app = await buildApp(env.config, { serveSite: false, now });
    admin = await signedInStaff(app.storage.db, { role: "admin", name: "Dana Copy" }, clock);
    const person = { firstName: "Maya", lastName: "Okonkwo", email };
    // One of each kind, as the public forms send them.
    expect((await post(contactPath, undefined, { ...validContact, ...person })).statusCode).toBe(201);
    refs.contactId = await lastId();
    expect((await post(feedbackPath, undefined, { ...validFeedback, ...person })).statusCode).toBe(201);
    refs.feedbackId = await lastId();
    const applied = await app.inject({
      method: "POST",
      url: "/api/job-application/apply",
      ...multipart(
        applicationParts({ ...validApplicationFields, ...person }, { filename: "maya-cv.pdf", data: resume }),
      ),
    });
    expect(applied.statusCode).toBe(201);
    refs.application = applied.json().data as string;
    // A filled honeypot: quarantined, and still hers.
    const spam = await post(contactPath, undefined, {
      ...validContact,
      ...person,
      email: email.toLowerCase(),
      website: "http://spam.example",
    });
    expect(spam.statusCode).toBe(201);
    refs.spamId = await lastId();
    const quarantined = await app.storage.db
      .selectFrom("submissions")
      .select("spam")
      .where("id", "=", refs.spamId)
      .executeTakeFirstOrThrow();
    expect(quarantined.spam).toBe(1);
    // Someone else, who must not appear in her copy.
    expect(
      (
        await post(contactPath, undefined, {
          ...validContact,
          firstName: "Other",
          lastName: "Person",
          email: "other.person@example.com",
        })
      ).statusCode,
    ).toBe(201);
    // Handled by staff: a status and a note.
    expect(
      (await post(`/admin/api/submissions/${refs.contactId}/status`, admin.cookie, { status: "answered" })).statusCode,
    ).toBeLessThan(300);
    expect(
      (await post(`/admin/api/submissions/${refs.contactId}/notes`, admin.cookie, { body: "Called back on Tuesday." }))
        .statusCode,
    ).toBe(201);
    // Her choice on the cookie notice, and another visitor's.
    const beacon = (id: string) =>
      app.inject({
        method: "POST",
        url: consentPath,
        headers: { "content-type": "text/plain;charset=UTF-8", origin },
        payload: JSON.stringify({
          consentId: id,
          action: "accept",
          performance: true,
          functional: false,
          marketing: false,
          policyVersion: cookiePolicyVersion,
          browserRefusal: false,
        }),
      });
    expect((await beacon(consentId)).statusCode).toBe(204);
    expect((await beacon("f".repeat(32))).statusCode).toBe(204);
  }, 60_000);
  afterAll(() => app.close());

  /** Every file of a zip, by name. */
  const unzip = (bytes: Buffer | Uint8Array) => unzipSync(new Uint8Array(bytes));
  const submissionsIn = (files: Record<string, Uint8Array>) =>
    Object.entries(files)
      .filter(([name]) => name.startsWith("submissions/"))
      .map(
        ([, data]) =>
          JSON.parse(strFromU8(data)) as {
            submission: Record<string, unknown>;
            notes: { body: string }[];
            resume: { file: string } | null;
          },
      );

  it("holds what the privacy policy promises: each kind of data held about the address, and no one else's", async () => {
    const rights = privacyRights();
    expect(rights).toMatch(/ask for a copy of your data/);
    expect(rights).toMatch(/portability/);

    const res = await post(peoplesCopyPath, admin.cookie, {
      email: " maya.okonkwo@EXAMPLE.com ",
      consentIds: [consentId],
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/zip");
    expect(res.headers["content-disposition"]).toBe('attachment; filename="peoples-copy-2026-11-20.zip"');
    expect(res.headers["x-copy-contents"]).toBe("4 submission(s), 1 resume(s), 1 note(s), 1 consent record(s)");
    const files = unzip(res.rawPayload);
    const subs = submissionsIn(files);

    // Every kind, the quarantined one included, as JSON a machine can read (portability).
    expect(subs.map((s) => s.submission.kind).sort()).toEqual(["application", "contact", "contact", "feedback"]);
    const applicationId = (
      await app.storage.db
        .selectFrom("submissions")
        .select("id")
        .where("reference", "=", refs.application)
        .executeTakeFirstOrThrow()
    ).id;
    const byId = (a: unknown, b: unknown) => Number(a) - Number(b);
    expect(subs.map((s) => s.submission.id).sort(byId)).toEqual(
      [refs.contactId, refs.feedbackId, refs.spamId, applicationId].sort(byId),
    );
    expect(subs.find((s) => s.submission.id === refs.spamId)?.submission.spam).toBe(1);
    for (const s of subs) expect(String(s.submission.email).toLowerCase()).toBe(email.toLowerCase());

    // The resume as uploaded, byte for byte.
    const application = subs.find((s) => s.submission.kind === "application")!;
    expect(application.submission.reference).toBe(refs.application);
    expect(Buffer.from(files[application.resume!.file]!).equals(resume)).toBe(true);

    // The staff's handling: status and note.
    const contact = subs.find((s) => s.submission.id === refs.contactId)!;
    expect(contact.submission.status).toBe("answered");
    expect(contact.notes.map((n) => n.body)).toEqual(["Called back on Tuesday."]);

    // Her consent record, found by the consent ID she gave; not the other visitor's.
    const consents = JSON.parse(strFromU8(files["consent-records.json"]!)) as { consent_id: string }[];
    expect(consents.map((c) => c.consent_id)).toEqual([consentId]);

    const everything = Object.values(files)
      .map((f) => Buffer.from(f).toString("latin1"))
      .join("\n");
    expect(everything).not.toContain("other.person@example.com");
    expect(everything).not.toContain("f".repeat(32));
    expect(strFromU8(files["README.txt"]!)).toContain(
      "4 submission(s), 1 resume(s), 1 note(s) and 1 consent record(s)",
    );
  });

  it("is audited by reference, never by the address or the name", async () => {
    const entries = await app.storage.db.selectFrom("audit_log").selectAll().where("action", "=", "copy").execute();
    expect(entries.length).toBeGreaterThan(0);
    const entry = entries.at(-1)!;
    expect(entry.staff_name).toBe("Dana Copy");
    for (const reference of [
      refs.application,
      `contact ${refs.contactId}`,
      `feedback ${refs.feedbackId}`,
      `contact ${refs.spamId}`,
    ])
      expect(entry.detail).toContain(reference);
    const text = JSON.stringify(entry).toLowerCase();
    expect(text).not.toContain("maya");
    expect(text).not.toContain("okonkwo");
  });

  it("is for admins only, from the console's origin, and the address goes in the body", async () => {
    const hr = await signedInStaff(app.storage.db, { role: "hr", name: "Priya Copy" }, clock);
    const sales = await signedInStaff(app.storage.db, { role: "sales", name: "Sam Copy" }, clock);
    const before = (await app.storage.db.selectFrom("audit_log").select("id").where("action", "=", "copy").execute())
      .length;
    expect((await post(peoplesCopyPath, undefined, { email })).statusCode).toBe(401);
    for (const who of [hr, sales]) expect((await post(peoplesCopyPath, who.cookie, { email })).statusCode).toBe(403);
    expect((await post(peoplesCopyPath, admin.cookie, { email }, "https://evil.test")).statusCode).toBe(403);
    const get = await app.inject({ method: "GET", url: peoplesCopyPath, headers: { cookie: admin.cookie } });
    expect(get.statusCode).toBe(404);
    const bad = await post(peoplesCopyPath, admin.cookie, { email: "not an address" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe("Enter the person's e-mail address.");
    const after = (await app.storage.db.selectFrom("audit_log").select("id").where("action", "=", "copy").execute())
      .length;
    expect(after).toBe(before);
  });

  it("from the CLI: the same copy in a new file only its user may read, audited as the command line", async () => {
    const file = path.join(env.dataDir, "copy.zip");
    const out = new PassThrough();
    let printed = "";
    out.on("data", (c) => (printed += c));
    const vars = { ...(env.config.databaseUrl ? { DATABASE_URL: env.config.databaseUrl } : {}), DATA_DIR: env.dataDir };
    const io = { out, err: new PassThrough(), now };
    const code = await runCli(["copy", "--email", email, "--out", file, "--consent-id", consentId], vars, io);
    expect(code).toBe(0);
    expect(printed).toContain(refs.application);
    expect(printed).not.toContain(email);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const files = unzip(fs.readFileSync(file));
    expect(submissionsIn(files)).toHaveLength(4);
    expect(Object.keys(files).filter((n) => n.startsWith("resumes/"))).toHaveLength(1);
    const entry = (
      await app.storage.db.selectFrom("audit_log").selectAll().where("action", "=", "copy").orderBy("id").execute()
    ).at(-1)!;
    expect(entry.staff_id).toBeNull();
    expect(entry.staff_name).toMatch(/^cli:\S+$/);
    // An existing file is never overwritten (it might be readable by others).
    await expect(runCli(["copy", "--email", email, "--out", file], vars, io)).rejects.toThrow(/already exists/);
  });
});
