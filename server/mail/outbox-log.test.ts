/**
 * A refused recipient's address never reaches the server log: real SMTP servers repeat it in
 * their answer, and the log is a copy no erasure reaches. With a real SMTP server that refuses.
 */
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { useBackend } from "../test-support/backends";
import { jsonHeaders, validContact } from "../test-support/fixtures";
import { createOutboxWorker } from "./outbox-worker";
import { createTransport } from "./transport";

type App = Awaited<ReturnType<typeof buildApp>>;

describe("outbox failures in the log", () => {
  const env = useBackend("sqlite", { RATE_LIMIT_MAX: "0" });
  let app: App;
  let smtp: SMTPServer;
  let url = "";
  beforeAll(async () => {
    // A Postfix-like server: it names the refused address in its answer, as real ones do.
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      onRcptTo(address, _session, cb) {
        if (address.address.endsWith("@example.com")) {
          const e = new Error(`<${address.address}>: Recipient address rejected: User unknown`) as Error & {
            responseCode: number;
          };
          e.responseCode = 550;
          return cb(e);
        }
        cb();
      },
      onData(stream, _s, cb) {
        stream.resume();
        stream.on("end", () => cb());
      },
    });
    await new Promise<void>((r) => smtp.listen(0, "127.0.0.1", r));
    const a = smtp.server.address();
    url = `smtp://127.0.0.1:${typeof a === "object" && a ? a.port : 0}`;
    app = await buildApp({ ...env.config, smtpUrl: url }, { serveSite: false });
  });
  afterAll(async () => {
    await app.close();
    await new Promise<void>((r) => smtp.close(() => r()));
  });

  it("logs a refused delivery without the address the server named", async () => {
    const email = "logged.person@example.com";
    const res = await app.inject({
      method: "POST",
      url: "/api/contact-us/create",
      headers: jsonHeaders,
      payload: { ...validContact, email },
    });
    expect(res.statusCode).toBe(201);
    const lines: string[] = [];
    const log = { info: () => undefined, warn: (o: object, m: string) => void lines.push(`${m} ${JSON.stringify(o)}`) };
    const worker = createOutboxWorker({
      config: { ...env.config, smtpUrl: url },
      storage: app.storage,
      transport: createTransport({ smtpUrl: url, dataDir: env.config.dataDir }),
      log,
    });
    await worker.runOnce();
    const failures = lines.filter((l) => l.startsWith("outbox delivery failed"));
    expect(failures.length).toBeGreaterThan(0);
    expect(failures.join("\n")).toContain("<[address]>: Recipient address rejected");
    expect(lines.join("\n")).not.toContain(email);
  }, 30_000);
});
