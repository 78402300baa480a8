/** NOTIFY_WITH_LINK against the real server, outbox worker and a real SMTP server. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { createOutboxWorker } from "./outbox-worker";
import { createTransport } from "./transport";
import { useBackend } from "../test-support/backends";
import { applicationParts, multipart, pdf, validApplicationFields } from "../test-support/fixtures";
import { startSmtp } from "../test-support/smtp";

describe.each([
  ["on", "true"],
  ["off (the default)", undefined],
])("notification e-mails with NOTIFY_WITH_LINK %s", (_name, setting) => {
  const env = useBackend("sqlite", {
    RATE_LIMIT_MAX: "0",
    CONFIRMATION_EMAILS: "false",
    ...(setting ? { NOTIFY_WITH_LINK: setting } : {}),
  });
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  beforeAll(async () => {
    smtp = await startSmtp();
  });
  afterAll(() => smtp.close());

  it(
    setting
      ? "carry a link to the submission instead of its content and resume"
      : "carry the content and the resume, as before",
    async () => {
      const config = { ...env.config, smtpUrl: smtp.url };
      const app = await buildApp(config, { serveSite: false });
      const res = await app.inject({
        method: "POST",
        url: "/api/job-application/apply",
        ...multipart(
          applicationParts(
            {
              ...validApplicationFields,
              firstName: "Henrietta",
              lastName: "Swan",
              email: "h.swan@example.com",
              message: "marker-link-cover-4471",
            },
            { filename: "cv.pdf", data: pdf(3000) },
          ),
        ),
      });
      expect(res.statusCode).toBe(201);
      const number = res.json().data as string;
      const worker = createOutboxWorker({
        config,
        storage: app.storage,
        transport: createTransport({ smtpUrl: smtp.url, dataDir: config.dataDir }),
      });
      for (let i = 0; i < 10 && (await worker.runOnce()) > 0; i++);
      const mail = smtp.received.find((m) => m.raw.includes(number))!;
      expect(mail).toBeDefined();
      const { id } = await app.storage.db
        .selectFrom("submissions")
        .select("id")
        .where("reference", "=", number)
        .executeTakeFirstOrThrow();
      if (setting) {
        expect(mail.decoded).toContain(`https://www.altivacloud.com/admin/submissions/${id}`);
        for (const personal of ["Henrietta", "Swan", "h.swan@example.com", "marker-link-cover-4471", "%PDF"]) {
          expect(mail.raw, personal).not.toContain(personal);
        }
        expect(mail.raw).not.toMatch(/Content-Disposition: attachment/i);
      } else {
        expect(mail.decoded).toContain("marker-link-cover-4471");
        expect(mail.raw).toMatch(/Content-Disposition: attachment/i);
        expect(mail.decoded).not.toContain("/admin/submissions/");
      }
      await app.close();
    },
  );
});
