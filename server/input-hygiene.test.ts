/**
 * A name holding ESC (an OSC 52 sequence), CR/LF or U+202E is refused with the field's message on
 * every way in: a script's JSON and multipart posts, and a browser's own form posts (JavaScript
 * off), whose answer page is the form's route, rendered by the site's real server build.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applicationPath, contactPath, feedbackPath } from "../contracts/index";
import { oneLineMessage } from "../contracts/fields";
import type { FormKind } from "../contracts/form-answers";
import { buildApp } from "./app";
import { useSiteBuild } from "./test-support/site-build";
import { backends, useBackend } from "./test-support/backends";
import {
  applicationParts,
  jsonHeaders,
  multipart,
  pdf,
  validApplicationFields,
  validContact,
  validFeedback,
} from "./test-support/fixtures";

type App = Awaited<ReturnType<typeof buildApp>>;

const names = {
  "ESC (OSC 52)": "Eve\u001b]52;c;cm0gLXJmIH4=\u0007",
  "CR/LF": "Eve\r\nBcc: victim@example.com",
  "U+202E": "Eve\u202efdp.exe",
};

/** Built once for both backends. */
const site = useSiteBuild();

describe.each(backends)("names that would drive a terminal or forge a mail line, on %s", (backend) => {
  const env = useBackend(backend, { BUILD_DIR: site.client, RATE_LIMIT_MAX: "0" });
  let app: App;
  beforeAll(async () => {
    await site.build();
    app = await buildApp(env.config);
  }, 180_000);
  afterAll(() => app.close());

  const count = async () =>
    Number(
      (
        await app.storage.db
          .selectFrom("submissions")
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );

  const browser = {
    "sec-fetch-mode": "navigate",
    "sec-fetch-dest": "document",
    origin: "https://www.altivacloud.com",
  };

  describe.each(Object.entries(names))("%s", (_what, firstName) => {
    it("is refused in a script's JSON post to the contact and feedback forms", async () => {
      const before = await count();
      for (const [url, body] of [
        [contactPath, validContact],
        [feedbackPath, validFeedback],
      ] as const) {
        const res = await app.inject({ method: "POST", url, headers: jsonHeaders, payload: { ...body, firstName } });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ status: false, errors: { firstName: oneLineMessage("First name") } });
      }
      expect(await count()).toBe(before);
    });

    it("is refused in a script's multipart application", async () => {
      const before = await count();
      const res = await app.inject({
        method: "POST",
        url: applicationPath,
        ...multipart(applicationParts({ ...validApplicationFields, firstName }, { filename: "cv.pdf", data: pdf() })),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.firstName).toBe(oneLineMessage("First name"));
      expect(await count()).toBe(before);
    });

    it.each<[FormKind, string, Record<string, string>]>([
      ["contact", contactPath, { ...validContact, agree: "on" }],
      ["feedback", feedbackPath, { ...validFeedback, consent: "on" }],
    ])(
      "is refused in a browser's own %s form post, with the message on the returned page",
      async (_kind, url, body) => {
        const before = await count();
        const res = await app.inject({
          method: "POST",
          url,
          headers: { ...browser, "content-type": "application/x-www-form-urlencoded" },
          payload: new URLSearchParams({ ...body, firstName }).toString(),
        });
        expect(res.statusCode).toBe(400);
        expect(res.headers["content-type"]).toMatch(/^text\/html/);
        expect(res.body).toContain(oneLineMessage("First name"));
        expect(await count()).toBe(before);
      },
    );

    it("is refused in a browser's own application post, with the message on the returned page", async () => {
      const before = await count();
      const form = multipart(
        applicationParts({ ...validApplicationFields, firstName, agree: "on" }, { filename: "cv.pdf", data: pdf() }),
      );
      const res = await app.inject({
        method: "POST",
        url: applicationPath,
        payload: form.payload,
        headers: { ...form.headers, ...browser },
      });
      expect(res.statusCode).toBe(400);
      expect(res.headers["content-type"]).toMatch(/^text\/html/);
      expect(res.body).toContain(oneLineMessage("First name"));
      expect(await count()).toBe(before);
    });
  });

  it("a message keeps its line breaks: the same form with a clean name is taken", async () => {
    const res = await app.inject({
      method: "POST",
      url: contactPath,
      headers: jsonHeaders,
      payload: { ...validContact, message: "Line one\r\nLine two\n\n- a list" },
    });
    expect(res.statusCode).toBe(201);
  });
});
