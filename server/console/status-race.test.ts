/**
 * A status change racing the CLI's `select` on PostgreSQL: the route reads "kept" with the row
 * locked, so a `select` committed while HR saves "reviewing" is seen, and the change is refused
 * (409: stop keeping first) instead of silently handing the candidate to the purge.
 */
import crypto from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { insertSubmission } from "../storage/submissions";
import { useBackend } from "../test-support/backends";
import { pdf, validApplicationFields } from "../test-support/fixtures";
import { signedInStaff } from "../test-support/staff";
import { formDefinitions } from "../../contracts/forms/index";

type App = Awaited<ReturnType<typeof buildApp>>;
const origin = "https://www.altivacloud.com";

describe("status change vs `select` on postgres", () => {
  const env = useBackend("postgres", { RATE_LIMIT_MAX: "0" });
  let app: App;
  const clock = new Date("2026-11-23T09:00:00.000Z");
  beforeAll(async () => {
    app = await buildApp(env.config, { serveSite: false, now: () => clock });
  }, 60_000);
  afterAll(() => app.close());

  it("a `select` committed while HR saves “reviewing” is not undone", async () => {
    const { id } = await insertSubmission(
      app.storage,
      formDefinitions.application,
      { ...validApplicationFields, email: "race.kept@example.com" },
      { ip: "192.0.2.9", userAgent: null, spam: false, spamVerdict: null, spamReasons: [], now: clock },
      [],
      { original_name: "cv.pdf", detected_type: "pdf", size: 2048, sha256: "0".repeat(64), content: pdf() },
    );
    const { cookie } = await signedInStaff(
      app.storage.db,
      { role: "hr", name: `hr ${crypto.randomBytes(3).toString("hex")}` },
      clock,
    );
    // The CLI's `select` (storage/selection.ts), its transaction not yet committed.
    const cli = new pg.Client({ connectionString: env.config.databaseUrl });
    await cli.connect();
    await cli.query("begin");
    await cli.query("update submissions set selected = 1, status = 'shortlisted' where id = $1", [id]);
    const saving = app.inject({
      method: "POST",
      url: `/admin/api/submissions/${id}/status`,
      headers: { "content-type": "application/json", cookie, origin },
      payload: { status: "reviewing" },
    });
    // Until the route waits on the row the CLI holds (at its read, or at its write): no timing luck.
    for (let waiting = false; !waiting;) {
      const { rows } = await cli.query<{ n: number }>(
        "select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()",
      );
      waiting = rows[0]!.n > 0;
      if (!waiting) await new Promise((r) => setTimeout(r, 20));
    }
    await cli.query("commit");
    await cli.end();
    const res = await saving;
    const row = await app.storage.db
      .selectFrom("submissions")
      .select(["status", "selected"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(res.statusCode).toBe(409);
    expect(row).toEqual({ status: "shortlisted", selected: 1 });
  }, 60_000);
});
