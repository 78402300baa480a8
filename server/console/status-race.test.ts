/**
 * Two decisions saved at once on PostgreSQL (docs/decisions/033): the status route sets the
 * decision's date in the statement that changes the row, reading the row it changes, so a
 * decision committed while HR saves the same one keeps its first date. Reading first and writing
 * after would take HR's later clock and stretch the application's retention.
 */
import crypto from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { insertSubmission } from "../submissions/submissions";
import { useBackend } from "../test-support/backends";
import { pdf, validApplicationFields } from "../test-support/fixtures";
import { signedInStaff } from "../test-support/staff";
import { formDefinitions } from "../../contracts/forms/index";

type App = Awaited<ReturnType<typeof buildApp>>;
const origin = "https://www.altivacloud.com";

describe("two decisions at once on postgres", () => {
  const env = useBackend("postgres", { RATE_LIMIT_MAX: "0" });
  let app: App;
  const clock = new Date("2026-11-23T09:00:00.000Z");
  const earlier = "2026-11-20T15:30:00.000Z";
  beforeAll(async () => {
    app = await buildApp(env.config, { serveSite: false, now: () => clock });
  }, 60_000);
  afterAll(() => app.close());

  it("a “not selected” committed while HR saves “not selected” keeps its own date", async () => {
    const { id } = await insertSubmission(
      app.storage,
      formDefinitions.application,
      { ...validApplicationFields, email: "race.decided@example.com" },
      { ip: "192.0.2.9", userAgent: null, spam: false, spamVerdict: null, spamReasons: [], now: clock },
      [],
      { original_name: "cv.pdf", detected_type: "pdf", size: 2048, sha256: "0".repeat(64), content: pdf() },
    );
    const { cookie } = await signedInStaff(
      app.storage.db,
      { role: "hr", name: `hr ${crypto.randomBytes(3).toString("hex")}` },
      clock,
    );
    // Another session's decision, its transaction not yet committed.
    const other = new pg.Client({ connectionString: env.config.databaseUrl });
    await other.connect();
    await other.query("begin");
    await other.query("update submissions set status = 'not selected', decided_at = $2 where id = $1", [id, earlier]);
    const saving = app.inject({
      method: "POST",
      url: `/admin/api/submissions/${id}/status`,
      headers: { "content-type": "application/json", cookie, origin },
      payload: { status: "not selected" },
    });
    // Until the route waits on the row the other session holds: no timing luck.
    for (let waiting = false; !waiting;) {
      const { rows } = await other.query<{ n: number }>(
        "select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()",
      );
      waiting = rows[0]!.n > 0;
      if (!waiting) await new Promise((r) => setTimeout(r, 20));
    }
    await other.query("commit");
    await other.end();
    const res = await saving;
    expect(res.statusCode).toBe(200);
    const row = await app.storage.db
      .selectFrom("submissions")
      .select(["status", "decided_at"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: "not selected", decided_at: earlier });
    expect(res.json().data.deletion.reason).toBe("12 months after the decision on 20 November 2026");
  }, 60_000);
});
