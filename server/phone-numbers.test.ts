/**
 * The phone check (issue 26) through the real endpoints, on SQLite and PostgreSQL: the
 * numbers of the countries we hire in are taken by the careers and the contact forms and stored
 * as E.164; a number too short and letters are refused with the spec's message.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applicationMessages, applicationPath, contactMessages, contactPath } from "../contracts/index";
import { buildApp } from "./app";
import { backends, useBackend } from "./test-support/backends";
import {
  applicationParts,
  jsonHeaders,
  multipart,
  pdf,
  validApplicationFields,
  validContact,
} from "./test-support/fixtures";

type App = Awaited<ReturnType<typeof buildApp>>;

const accepted = [
  ["+44 20 7946 0958", "+442079460958"],
  ["020 7946 0958", "+442079460958"],
  ["+91 98765 43210", "+919876543210"],
  // A US number, 10 digits without its country code.
  ["415 555 0142", "+14155550142"],
  ["4155550142", "+14155550142"],
] as const;

const refused = ["12345", "abcdefghij", "phone me"];

describe.each(backends)("phone numbers of the countries we hire in, on %s", (backend) => {
  const env = useBackend(backend, { RATE_LIMIT_MAX: "0" });
  let app: App;
  beforeAll(async () => {
    app = await buildApp(env.config, { serveSite: false });
  });
  afterAll(() => app.close());

  const apply = (fields: Record<string, string>) =>
    app.inject({
      method: "POST",
      url: applicationPath,
      ...multipart(applicationParts(fields, { filename: "cv.pdf", data: pdf() })),
    });
  const enquire = (body: object) =>
    app.inject({ method: "POST", url: contactPath, headers: jsonHeaders, payload: body });
  const phoneOf = async (email: string) =>
    (
      await app.storage.db
        .selectFrom("submissions")
        .select("phone")
        .where("email", "=", email)
        .executeTakeFirstOrThrow()
    ).phone;

  it.each(accepted)("takes %s in an application and an enquiry, stored as %s", async (phone, stored) => {
    const tag = phone.replace(/\D/g, "");
    const applicant = `applicant-${tag}-${backend}@example.com`;
    expect((await apply({ ...validApplicationFields, email: applicant, phone })).statusCode).toBe(201);
    expect(await phoneOf(applicant)).toBe(stored);
    const enquirer = `enquirer-${tag}-${backend}@example.com`;
    expect((await enquire({ ...validContact, email: enquirer, phone })).statusCode).toBe(201);
    expect(await phoneOf(enquirer)).toBe(stored);
  });

  it.each(refused)("refuses %s with the spec's message on both forms", async (phone) => {
    const application = await apply({ ...validApplicationFields, phone });
    expect(application.statusCode).toBe(400);
    expect(application.json().errors.phone).toBe(applicationMessages.phone);
    const enquiry = await enquire({ ...validContact, phone });
    expect(enquiry.statusCode).toBe(400);
    expect(enquiry.json().errors.phone).toBe(contactMessages.phone);
  });
});
