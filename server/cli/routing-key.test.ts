/**
 * Rotating ROUTING_SECRET_KEY on SQLite and PostgreSQL: while both keys are set, a webhook sealed
 * with the previous key still opens for delivery; `routing-key rotate` seals every webhook again
 * with the new key (the same URL), leaves those already sealed with it, runs again harmlessly,
 * and changes nothing when one webhook opens with neither key.
 */
import { PassThrough } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../config";
import { ruleWebhookUrl } from "../mail/routed";
import { openSecret, sealSecret } from "../mail/routing-secret";
import { openStorage, type Storage } from "../db/db";
import { backends, useBackend } from "../test-support/backends";
import { runCli } from "./index";

const oldKey = Buffer.alloc(32, 7);
const newKey = Buffer.alloc(32, 9);
const strayKey = Buffer.alloc(32, 5);
const urls = [
  "https://hooks.slack.com/services/T1/B1/one",
  "https://example.webhook.office.com/two",
  "https://hooks.slack.com/services/T1/B1/three",
];

describe.each(backends)("routing-key rotate on %s", (backend) => {
  const env = useBackend(backend);
  let storage: Storage;
  const cliEnv = () => ({
    DATA_DIR: env.config.dataDir,
    LOG_LEVEL: "silent",
    SITE_URL: "https://www.altivacloud.com",
    ROUTING_SECRET_KEY: newKey.toString("base64"),
    ROUTING_SECRET_KEY_PREVIOUS: oldKey.toString("base64"),
    ...(env.config.databaseUrl ? { DATABASE_URL: env.config.databaseUrl } : {}),
  });
  async function cli(argv: string[]) {
    let stdout = "";
    const out = new PassThrough();
    out.on("data", (d: Buffer) => (stdout += d.toString()));
    const code = await runCli(argv, cliEnv(), {
      out,
      err: new PassThrough(),
      now: () => new Date("2026-11-28T05:00:00Z"),
    });
    return { code, stdout };
  }
  const rule = (url: string, key: Buffer) => {
    const at = "2026-11-28T05:00:00.000Z";
    return storage.db
      .insertInto("routing_rules")
      .values({
        kind: "contact",
        reason: null,
        position: null,
        email: null,
        webhook_sealed: sealSecret(key, url),
        webhook_host: new URL(url).host,
        webhook_format: "slack",
        system_alerts: 0,
        paused: 0,
        created_at: at,
        updated_at: at,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
  };
  const sealed = () => storage.db.selectFrom("routing_rules").select(["id", "webhook_sealed"]).orderBy("id").execute();

  beforeAll(async () => {
    storage = await openStorage({ databaseUrl: env.config.databaseUrl, dataDir: env.config.dataDir });
    await rule(urls[0]!, oldKey);
    await rule(urls[1]!, oldKey);
    await rule(urls[2]!, newKey);
  });
  afterAll(() => storage.close());

  it("opens a webhook sealed with the previous key while both are set", async () => {
    const [first] = await sealed();
    const config = loadConfig(cliEnv());
    expect(ruleWebhookUrl(config, first!)).toBe(urls[0]);
    expect(() =>
      ruleWebhookUrl({ ...config, routing: { ...config.routing, previousKey: undefined } }, first!),
    ).toThrow();
  });

  it("seals every webhook again with the new key, and a second run changes nothing", async () => {
    const first = await cli(["routing-key", "rotate"]);
    expect(first.code).toBe(0);
    expect(first.stdout).toContain("2 webhook(s) sealed with the new key, 1 already were");
    const rows = await sealed();
    expect(rows.map((r) => openSecret(newKey, r.webhook_sealed!))).toEqual(urls);
    const again = await cli(["routing-key", "rotate"]);
    expect(again.stdout).toContain("0 webhook(s) sealed with the new key, 3 already were");
    expect(await sealed()).toEqual(rows);
    const entry = await storage.db.selectFrom("audit_log").selectAll().orderBy("id").executeTakeFirstOrThrow();
    expect(entry).toMatchObject({
      action: "routing key rotated",
      subject: `rule #${rows[0]!.id}, rule #${rows[1]!.id}`,
    });
  });

  it("changes nothing when a webhook opens with neither key", async () => {
    // Resealed first, then the stray one stops the run: the first change must be rolled back.
    await rule(urls[0]!, oldKey);
    const stray = await rule("https://hooks.slack.com/services/T1/B1/stray", strayKey);
    const before = await sealed();
    await expect(cli(["routing-key", "rotate"])).rejects.toThrow(`Rule #${stray.id}'s webhook opens with neither key`);
    expect(await sealed()).toEqual(before);
  });
});
