/**
 * The careers form's box "Keep my application for future roles for up to 24 months" (issue 26):
 * optional and unticked, stored as the version of its words when ticked, from a script's post and
 * from a browser's own post without JavaScript, null when not; the team sees it, and it moves the
 * application's deletion date. SQLite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { submissionDetailAnswer } from "../contracts/console-answers";
import { applicationForm, futureRolesConsent, futureRolesWordings } from "../contracts/forms/application";
import { schemaOf } from "../contracts/forms/schema";
import { buildApp } from "./app";
import type { AnswerPages } from "./forms/answer-pages";
import { backends, useBackend } from "./test-support/backends";
import { applicationParts, multipart, pdf, validApplicationFields } from "./test-support/fixtures";
import { signedInStaff } from "./test-support/staff";

const origin = "https://www.altivacloud.com";

describe("the future-roles box's words and version", () => {
  const schema = schemaOf(applicationForm);
  const base = { ...validApplicationFields, agree: true };

  it("is optional and its words are the current version's", () => {
    const field = applicationForm.fields.find((f) => f.name === "futureRoles");
    expect(field).toMatchObject({ input: "checkbox", optional: true, version: futureRolesConsent.version });
    expect(field?.label).toBe(futureRolesWordings[futureRolesConsent.version]);
    // Pinned: these words were shown under this version; new words need a new version.
    expect(futureRolesWordings["2026-11-25"]).toBe("Keep my application for future roles for up to 24 months");
  });

  it("reads ticked as the version, unticked as nothing, and refuses anything else", () => {
    for (const ticked of [true, "true", "on"]) {
      expect(schema.parse({ ...base, futureRoles: ticked }).futureRoles, String(ticked)).toBe(
        futureRolesConsent.version,
      );
    }
    for (const unticked of [undefined, false, "false", ""]) {
      expect(schema.parse({ ...base, futureRoles: unticked }).futureRoles, String(unticked)).toBeUndefined();
    }
    const refused = schema.safeParse({ ...base, futureRoles: "2020-01-01" });
    expect(refused.success).toBe(false);
  });
});

describe.each(backends)("the future-roles consent on %s", (backend) => {
  const env = useBackend(backend, { RATE_LIMIT_MAX: "0" });
  type App = Awaited<ReturnType<typeof buildApp>>;
  let app: App;
  const pages: AnswerPages = { invalid: () => "<p>invalid</p>", success: () => "<p>sent</p>", apiOrigins: [] };
  const arrived = new Date("2026-02-10T08:00:00.000Z");
  beforeAll(async () => {
    app = await buildApp(env.config, { serveSite: false, answerPages: pages, now: () => arrived });
  }, 60_000);
  afterAll(() => app.close());

  const stored = async (email: string) =>
    app.storage.db
      .selectFrom("submissions")
      .select(["id", "future_roles_consent"])
      .where("email", "=", email)
      .executeTakeFirstOrThrow();
  function post(email: string, extra: Record<string, string>, browser: boolean) {
    const body = multipart(
      applicationParts({ ...validApplicationFields, email, ...extra }, { filename: "cv.pdf", data: pdf() }),
    );
    const headers: Record<string, string> = browser
      ? {
          "content-type": body.headers["content-type"]!,
          "sec-fetch-mode": "navigate",
          "sec-fetch-dest": "document",
          accept: "text/html",
          origin,
        }
      : body.headers;
    return app.inject({ method: "POST", url: applicationForm.path, headers, payload: body.payload });
  }

  it("a script's post stores the version when ticked and null when not", async () => {
    expect((await post(`ticked.${backend}@example.com`, { futureRoles: "true" }, false)).statusCode).toBe(201);
    expect((await post(`unticked.${backend}@example.com`, {}, false)).statusCode).toBe(201);
    expect((await stored(`ticked.${backend}@example.com`)).future_roles_consent).toBe(futureRolesConsent.version);
    expect((await stored(`unticked.${backend}@example.com`)).future_roles_consent).toBeNull();
  });

  it("a browser's post without JavaScript stores the version when ticked (“on”) and null when not", async () => {
    const ticked = await post(`nojs.ticked.${backend}@example.com`, { futureRoles: "on" }, true);
    expect(ticked.statusCode, ticked.body).toBeLessThan(400);
    expect((await post(`nojs.unticked.${backend}@example.com`, {}, true)).statusCode).toBeLessThan(400);
    expect((await stored(`nojs.ticked.${backend}@example.com`)).future_roles_consent).toBe(futureRolesConsent.version);
    expect((await stored(`nojs.unticked.${backend}@example.com`)).future_roles_consent).toBeNull();
  });

  it("the team sees the consent and the later deletion date it gives", async () => {
    const { id } = await stored(`ticked.${backend}@example.com`);
    const { cookie } = await signedInStaff(app.storage.db, { role: "hr", name: `Consent Reader ${backend}` }, arrived);
    const res = await app.inject({ method: "GET", url: `/admin/api/submissions/${id}`, headers: { cookie } });
    const { submission } = submissionDetailAnswer.parse(res.json().data);
    expect(submission.fields).toContainEqual({
      label: "Kept for future roles (consent)",
      value: `Yes (the words of version ${futureRolesConsent.version})`,
      multiLine: false,
    });
    expect(submission.deletion).toEqual({
      at: "2028-02-10T08:00:00.000Z",
      basis: "consent",
      reason: "24 months after arrival on 10 February 2026, kept for future roles with the candidate's consent",
    });
  });
});
