/**
 * The one export, on SQLite and PostgreSQL: the CLI's `export` and the console's Export answer
 * each with their documented columns (the CLI's, the network data only when asked; the console's:
 * the CLI's minus spam plus status and notes), and each answer is, byte for byte, the lines
 * exportSubmissions() gives for that caller's columns and filter.
 */
import { PassThrough } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { submissionKinds } from "../../contracts/submission-kinds";
import { buildApp } from "../app";
import { inboxWhere } from "../console/inbox";
import { runCli } from "../cli/index";
import type { SubmissionColumn } from "../submissions/submission-export";
import { listWhere } from "../submissions/submission-list";
import { insertSubmission } from "../submissions/submissions";
import { backends, useBackend } from "../test-support/backends";
import { validContact, validFeedback } from "../test-support/fixtures";
import { signedInStaff } from "../test-support/staff";
import { csvRow } from "./csv";
import {
  cliExportColumns,
  consoleColumns,
  consoleExportColumns,
  exportSubmissions,
  networkColumns,
  type SubmissionExport,
} from "./submissions";
import { formDefinitions } from "../../contracts/forms/index";

const origin = "https://www.altivacloud.com";
const clock = new Date("2026-11-24T10:00:00.000Z");

describe.each(backends)("the one export of submissions on %s", (backend) => {
  const env = useBackend(backend, { RATE_LIMIT_MAX: "0" });
  let app: Awaited<ReturnType<typeof buildApp>>;
  let admin: { cookie: string };
  let cliEnv: NodeJS.ProcessEnv;

  beforeAll(async () => {
    app = await buildApp(env.config, { serveSite: false, now: () => clock });
    cliEnv = {
      DATA_DIR: env.config.dataDir,
      LOG_LEVEL: "silent",
      SITE_URL: origin,
      ...(env.config.databaseUrl ? { DATABASE_URL: env.config.databaseUrl } : {}),
    };
    admin = await signedInStaff(app.storage.db, { role: "admin", name: "Ada Admin" }, clock);
    const meta = (spam: boolean, minutes: number) => ({
      ip: "192.0.2.7",
      userAgent: "Test agent",
      spam,
      now: new Date(clock.getTime() - minutes * 60_000),
    });
    const { id } = await insertSubmission(
      app.storage,
      formDefinitions.contact,
      { ...validContact, lastName: "=Formula" },
      meta(false, 3),
      [],
    );
    await insertSubmission(app.storage, formDefinitions.feedback, validFeedback, meta(false, 2), []);
    await insertSubmission(app.storage, formDefinitions.contact, validContact, meta(true, 1), []);
    await app.storage.db
      .insertInto("submission_notes")
      .values({
        submission_id: id,
        staff_id: null,
        staff_name: "Ada Admin",
        body: "Called back",
        created_at: clock.toISOString(),
      })
      .execute();
  }, 60_000);
  afterAll(() => app.close());

  async function cliExport(...args: string[]) {
    let stdout = "";
    const out = new PassThrough();
    out.on("data", (d: Buffer) => (stdout += d.toString()));
    expect(await runCli(["export", ...args], cliEnv, { out, err: new PassThrough(), now: () => clock })).toBe(0);
    return stdout;
  }
  async function consoleExport(format: "csv" | "json") {
    const res = await app.inject({
      method: "POST",
      url: "/admin/api/export",
      headers: { cookie: admin.cookie, origin, "content-type": "application/json" },
      payload: { format },
    });
    expect(res.statusCode).toBe(200);
    return res.body;
  }
  async function direct(spec: SubmissionExport<SubmissionColumn>) {
    let text = "";
    for await (const line of exportSubmissions(app.storage.db, spec).lines) text += line;
    return text;
  }
  const cliSpec = (format: "csv" | "json", network: boolean) =>
    ({
      format,
      columns: network ? [...cliExportColumns, ...networkColumns] : [...cliExportColumns],
      where: (db) => listWhere(db, {}),
      order: "id",
      notes: false,
    }) satisfies SubmissionExport<(typeof cliExportColumns)[number] | (typeof networkColumns)[number]>;
  const consoleSpec = (format: "csv" | "json") =>
    ({
      format,
      columns: consoleColumns,
      where: (db) => inboxWhere(db, { kinds: submissionKinds }),
      order: "newest",
      notes: true,
      conversation: true,
    }) satisfies SubmissionExport<(typeof consoleColumns)[number]>;

  it("gives the CLI its columns, the network data only with --with-network-data, from the one function", async () => {
    for (const network of [false, true]) {
      const flag = network ? ["--with-network-data"] : [];
      const columns = network ? [...cliExportColumns, ...networkColumns] : [...cliExportColumns];
      const csv = await cliExport("--format", "csv", ...flag);
      expect(csv.split("\r\n")[0]! + "\r\n").toBe(csvRow(columns));
      expect(csv).toBe(await direct(cliSpec("csv", network)));
      const json = await cliExport("--format", "json", ...flag);
      const rows = JSON.parse(json) as Record<string, unknown>[];
      expect(rows).toHaveLength(3);
      for (const row of rows) expect(Object.keys(row)).toEqual(columns);
      expect(json).toBe(await direct(cliSpec("json", network)));
    }
  });

  it("gives the console its columns (no spam, no network data; status, notes and conversation), from the one function", async () => {
    expect(consoleExportColumns).toEqual([
      ...cliExportColumns.filter((c) => c !== "spam"),
      "status",
      "notes",
      "conversation",
    ]);
    const csv = await consoleExport("csv");
    expect(csv.split("\r\n")[0]! + "\r\n").toBe(csvRow(consoleExportColumns));
    expect(csv).toContain(`"'=Formula"`);
    expect(csv).toBe(await direct(consoleSpec("csv")));
    const json = await consoleExport("json");
    const rows = JSON.parse(json) as Record<string, unknown>[];
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(Object.keys(row)).toEqual([...consoleExportColumns]);
    expect(json).toBe(await direct(consoleSpec("json")));
  });
});
