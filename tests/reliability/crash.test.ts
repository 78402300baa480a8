import Database from "better-sqlite3";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSmtp } from "../../server/test-support/smtp";
import { applicationForm, contactBody, freePort, startServer, waitHealthy, xhr } from "./helpers";

const kills = 4;

describe("crash safety", () => {
  let dataDir: string;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "crash-"));
    smtp = await startSmtp();
  });
  afterAll(async () => {
    await smtp.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it(`keeps every acknowledged submission intact across ${kills} SIGKILLs, and the outbox still delivers`, async () => {
    const port = await freePort();
    const env = {
      PORT: String(port),
      DATA_DIR: dataDir,
      RATE_LIMIT_MAX: "0",
      // Posts as a script would; the proof of work is tested in server/spam/.
      SPAM_PROOF_REQUIRED: "false",
      SMTP_URL: smtp.url,
      CONFIRMATION_EMAILS: "false",
      OUTBOX_POLL_MS: "100",
      OUTBOX_BACKOFF_MS: "100",
      // A short lease so a killed sender's messages are retaken soon; the lease must outlast
      // one send's cut-off (config.ts), which loopback SMTP never comes near.
      OUTBOX_LEASE_MS: "3000",
      OUTBOX_SEND_TIMEOUT_MS: "2000",
    };
    const acked = new Map<string, string | null>();
    let counter = 0;
    for (let round = 0; round < kills; round++) {
      const server = startServer(env);
      await waitHealthy(port);
      let stop = false;
      const senders = Array.from({ length: 6 }, async (_, lane) => {
        while (!stop) {
          const marker = `k${round}l${lane}n${counter++}`;
          try {
            let res: Response;
            let sha: string | null = null;
            if (counter % 3 === 0) {
              const { form, sha256 } = applicationForm(marker, 20 * 1024);
              sha = sha256;
              res = await fetch(`http://127.0.0.1:${port}/api/job-application/apply`, {
                method: "POST",
                headers: xhr,
                body: form,
              });
            } else {
              res = await fetch(`http://127.0.0.1:${port}/api/contact-us/create`, {
                method: "POST",
                headers: { ...xhr, "Content-Type": "application/json" },
                body: contactBody(marker),
              });
            }
            if (res.status === 201) acked.set(marker, sha);
            else expect(res.status).toBeLessThan(500);
          } catch {
            // The server died under this request: it was never acknowledged.
          }
        }
      });
      await new Promise((r) => setTimeout(r, 700 + Math.random() * 600));
      server.kill("SIGKILL");
      await new Promise((r) => server.once("exit", r));
      stop = true;
      await Promise.all(senders);
    }

    const server = startServer(env);
    await waitHealthy(port);
    try {
      const db = new Database(path.join(dataDir, "site.db"), { readonly: true });
      expect(db.pragma("integrity_check", { simple: true })).toBe("ok");
      const rows = db
        .prepare(
          "select s.first_name as marker, r.sha256 as sha from submissions s left join resumes r on r.submission_id = s.id",
        )
        .all() as { marker: string; sha: string | null }[];
      db.close();
      const byMarker = new Map(rows.map((r) => [r.marker, r]));
      console.log(`crash: ${kills} kills, ${acked.size} acknowledged submissions, ${rows.length} stored`);
      expect(acked.size).toBeGreaterThan(50);
      for (const [marker, sha] of acked) {
        expect(byMarker.has(marker), marker).toBe(true);
        if (sha) expect(byMarker.get(marker)!.sha, marker).toBe(sha);
      }
      // Every acknowledged submission's notification eventually arrives (duplicates only with the same Message-ID).
      // The wait grows with the backlog: a server that acknowledges faster leaves more to deliver
      // after the last kill.
      const deadline = Date.now() + Math.max(60_000, acked.size * 60);
      const notified = () =>
        new Set(smtp.received.map((m) => /(?:from| -) (\S+) Load$/.exec(m.header("Subject") ?? "")?.[1]));
      // One pass over the received mail per check: the test's SMTP server runs on this thread, and
      // rebuilding the set for every marker (thousands of them) starved it until sends timed out.
      const undelivered = () => {
        const seen = notified();
        return [...acked.keys()].filter((m) => !seen.has(m));
      };
      while (Date.now() < deadline && undelivered().length) await new Promise((r) => setTimeout(r, 250));
      const missing = undelivered();
      if (missing.length) {
        // Where the undelivered messages stand, so that a failure here explains itself.
        const db = new Database(path.join(dataDir, "site.db"), { readonly: true });
        const lookup = db.prepare(
          "select o.status, o.attempts, o.last_error, o.next_attempt_at, o.lease_owner, o.lease_until from outbox o join submissions s on s.id = o.submission_id where s.first_name = ?",
        );
        for (const marker of missing.slice(0, 20)) console.log(`crash: not delivered ${marker}`, lookup.all(marker));
        db.close();
      }
      expect(missing).toEqual([]);
      const ids = smtp.received.map((m) => m.header("Message-ID"));
      const subjectsById = new Map<string, string>();
      for (const m of smtp.received) {
        const id = m.header("Message-ID")!;
        const subject = m.header("Subject")!;
        expect(subjectsById.get(id) ?? subject).toBe(subject);
        subjectsById.set(id, subject);
      }
      console.log(`crash: ${ids.length} messages received, ${new Set(ids).size} distinct`);
    } finally {
      server.kill("SIGTERM");
      await new Promise((r) => server.once("exit", r));
    }
  }, 420_000);
});
