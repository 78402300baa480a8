import { PassThrough } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../server/app";
import { runCli } from "../../server/cli/index";
import { backends, useBackend } from "../../server/test-support/backends";
import { applicationForm, contactBody, pool, xhr } from "./helpers";

const contacts = Number(process.env.LOAD_CONTACTS ?? 5000);
const applications = Number(process.env.LOAD_APPLICATIONS ?? 500);

describe.each(backends)("load without loss on %s", (backend) => {
  const env = useBackend(backend, { RATE_LIMIT_MAX: "0", CONFIRMATION_EMAILS: "false" });
  let app: Awaited<ReturnType<typeof buildApp>>;
  let base: string;
  beforeAll(async () => {
    app = await buildApp(env.config, { serveSite: false });
    base = await app.listen({ port: 0, host: "127.0.0.1" });
  });
  afterAll(() => app?.close());

  it(`keeps every acknowledged submission exactly once (${contacts} enquiries, ${applications} applications of 100 KB, 50 connections)`, async () => {
    const acked = new Map<string, string | null>();
    const statuses = new Map<number, number>();
    const jobs = [
      ...Array.from({ length: contacts }, (_, i) => ({ kind: "contact" as const, marker: `${backend}c${i}` })),
      ...Array.from({ length: applications }, (_, i) => ({ kind: "application" as const, marker: `${backend}a${i}` })),
    ].sort(() => Math.random() - 0.5);
    const started = Date.now();
    await pool(jobs, 50, async ({ kind, marker }) => {
      let res: Response;
      let sha: string | null = null;
      if (kind === "contact") {
        res = await fetch(`${base}/api/contact-us/create`, {
          method: "POST",
          headers: { ...xhr, "Content-Type": "application/json" },
          body: contactBody(marker),
        });
      } else {
        const { form, sha256 } = applicationForm(marker, 100 * 1024);
        sha = sha256;
        res = await fetch(`${base}/api/job-application/apply`, { method: "POST", headers: xhr, body: form });
      }
      await res.arrayBuffer();
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      if (res.status === 201) acked.set(marker, sha);
    });
    const seconds = (Date.now() - started) / 1000;
    console.log(
      `${backend}: ${jobs.length} requests in ${seconds.toFixed(1)} s (${(jobs.length / seconds).toFixed(0)}/s), statuses ${JSON.stringify(Object.fromEntries(statuses))}`,
    );
    expect([...statuses.keys()].filter((s) => s >= 500)).toEqual([]);
    expect(acked.size).toBe(jobs.length);

    const rows = await app.storage.db
      .selectFrom("submissions")
      .leftJoin("resumes", "resumes.submission_id", "submissions.id")
      .select(["first_name", "sha256"])
      .where("last_name", "=", "Load")
      .execute();
    const counts = new Map<string, number>();
    for (const r of rows) counts.set(r.first_name, (counts.get(r.first_name) ?? 0) + 1);
    for (const [marker, sha] of acked) {
      expect(counts.get(marker), marker).toBe(1);
      if (sha) expect(rows.find((r) => r.first_name === marker)?.sha256).toBe(sha);
    }

    let out = "";
    const stream = new PassThrough();
    stream.on("data", (c) => (out += c));
    const cliEnv: Record<string, string> = { DATA_DIR: env.config.dataDir, LOG_LEVEL: "silent" };
    if (env.config.databaseUrl) cliEnv.DATABASE_URL = env.config.databaseUrl;
    expect(
      await runCli(["export", "--format", "json"], cliEnv, {
        out: stream,
        err: new PassThrough(),
        now: () => new Date(),
      }),
    ).toBe(0);
    const exported = new Set(
      (JSON.parse(out) as { first_name: string; last_name: string }[])
        .filter((r) => r.last_name === "Load")
        .map((r) => r.first_name),
    );
    expect(exported).toEqual(new Set(acked.keys()));
  });
});
