/**
 * Erasure and the retention purge racing the outbox worker (issue 24): a person erased, or an
 * application purged, 0–150 ms after the submission was answered, while the real worker delivers
 * its notification (with the resume) and its confirmation, through the file transport (.eml under
 * DATA_DIR/mail) and through the real SMTP test server. The 20 delays are spread evenly over the
 * window, so every run takes the same ones. After each run: no mail file, no row and no byte of
 * the person in any file under DATA_DIR (SQLite's database and WAL; PostgreSQL keeps its files
 * elsewhere, so there the check covers the mail files).
 */
import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import type { Config } from "../config";
import { mailDir } from "../outbox/mail-files";
import { createOutboxWorker, type OutboxWorker } from "../mail/outbox-worker";
import { createTransport, type MailTransport } from "../mail/transport";
import { backends, useBackend } from "../test-support/backends";
import { findBytes } from "../test-support/find-bytes";
import { applicationParts, multipart, pdf, validApplicationFields } from "../test-support/fixtures";
import { startSmtp } from "../test-support/smtp";
import { eraseByEmail } from "./erasure";
import { purgeExpired } from "./retention";

type App = Awaited<ReturnType<typeof buildApp>>;

const runs = 20;
const windowMs = 150;
/** Run i waits i/(runs-1) of the window: 0, 8, 16 … 150 ms. */
export const raceDelays = Array.from({ length: runs }, (_, i) => Math.round((i * windowMs) / (runs - 1)));
const letters = "abcdefghijklmnopqrstuvwxyz";
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function resumeWith(marker: string): Buffer {
  const file = pdf(6000);
  file.write(marker, 200);
  return file;
}

const transports = ["file", "smtp"] as const;
const removals = ["erasure", "purge"] as const;

describe.each(backends)("erasure and purge racing the outbox worker on %s", (backend) => {
  const env = useBackend(backend, { RATE_LIMIT_MAX: "0", OUTBOX_POLL_MS: "20", CONFIRMATION_EMAILS: "true" });
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  beforeAll(async () => {
    smtp = await startSmtp(0);
  });
  afterAll(() => smtp.close());

  describe.each(transports)("mail by %s", (transportKind) => {
    let app: App;
    let config: Config;
    let transport: MailTransport;
    let worker: OutboxWorker;
    // Submissions are made "a year and a day ago" for the purge, so they are already expired.
    let clock: Date | undefined;
    beforeAll(async () => {
      config = { ...env.config, smtpUrl: transportKind === "smtp" ? smtp.url : undefined };
      app = await buildApp(config, { serveSite: false, now: () => clock ?? new Date() });
      transport = createTransport({ smtpUrl: config.smtpUrl, dataDir: config.dataDir });
      worker = createOutboxWorker({ config, storage: app.storage, transport });
      app.outboxQueued = () => worker.wake();
      worker.start();
    });
    afterAll(async () => {
      await worker.stop();
      transport.close();
      await app.close();
    });

    it.each(removals)(
      "%s: 20 runs 0–150 ms after the answer leave no mail file, row or byte of the person",
      async (removal) => {
        const inFlight: number[] = [];
        const leftovers: string[] = [];
        for (const [i, delay] of raceDelays.entries()) {
          const tag = `${backend[0]}${transportKind[0]}${removal[0]}${letters[i]}`;
          const person = { firstName: "Quillon", lastName: `Racewright${tag}`, email: `race.${tag}@example.com` };
          const markers = [person.lastName, person.email, `marker-cover-${tag}`, `marker-resume-${tag}`];
          clock = removal === "purge" ? new Date(Date.now() - 400 * 24 * 60 * 60_000) : undefined;
          const res = await app.inject({
            method: "POST",
            url: "/api/job-application/apply",
            ...multipart(
              applicationParts(
                { ...validApplicationFields, ...person, message: `Cover letter marker-cover-${tag}` },
                { filename: "cv.pdf", data: resumeWith(`marker-resume-${tag}`) },
              ),
            ),
          });
          clock = undefined;
          expect(res.statusCode).toBe(201);
          await sleep(delay);
          inFlight.push(
            (
              await app.storage.db
                .selectFrom("outbox")
                .innerJoin("submissions", "submissions.id", "outbox.submission_id")
                .select("outbox.id")
                .where("submissions.email", "=", person.email)
                .where("outbox.lease_owner", "is not", null)
                .execute()
            ).length,
          );
          const opts = { dataDir: config.dataDir, reason: "request" as const, now: new Date() };
          if (removal === "erasure") {
            const report = await eraseByEmail(app.storage, person.email, opts);
            expect(report.submissions).toBe(1);
          } else {
            const result = await purgeExpired(app.storage, new Date(), config.retention, { dataDir: config.dataDir });
            expect(result.applications).toHaveLength(1);
          }
          // Every delivery under way when the rows went has finished (stop waits for the pass).
          await worker.stop();
          worker.start();
          const rows = await app.storage.db
            .selectFrom("submissions")
            .select("id")
            .where("email", "=", person.email)
            .execute();
          const bytes = findBytes(config.dataDir, markers);
          if (rows.length > 0 || bytes.length > 0) {
            leftovers.push(`run ${i} (${delay} ms): ${rows.length} row(s); ${bytes.join("; ")}`);
          }
        }
        // The figures for the README: runs that met a delivery in flight, runs that left a copy.
        console.info(
          `${backend}/${transportKind}/${removal}: ${inFlight.filter((n) => n > 0).length} of ${runs} runs met a delivery in flight, ${leftovers.length} left a copy`,
        );
        // Every run is checked before the verdict, so a failure says how many runs left a copy.
        expect(leftovers).toEqual([]);
        const mailFiles = fs.existsSync(mailDir(config.dataDir)) ? fs.readdirSync(mailDir(config.dataDir)) : [];
        expect(mailFiles).toEqual([]);
      },
      120_000,
    );
  });
});
