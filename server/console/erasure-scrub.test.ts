/**
 * An erasure whose scrub cannot finish (issue 24): another connection to the SQLite file reads
 * an old snapshot, so the WAL still holds the erased rows. The answer says `scrubbed: false`
 * (the console then says so instead of "everything was erased"), the server retries the
 * checkpoint by itself, and once the reader lets go no byte of the person is left. SQLite only:
 * PostgreSQL's scrub does not wait on readers.
 */
import SQLite from "better-sqlite3";
import { sql } from "kysely";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { erasureAnswer, erasurePlanAnswer, scrubAnswer } from "../../contracts/console-answers";
import { buildApp } from "../app";
import { scrubPending } from "../retention/scrub-retry";
import { useBackend } from "../test-support/backends";
import { findBytes } from "../test-support/find-bytes";
import { jsonHeaders, validContact } from "../test-support/fixtures";
import { signedInStaff } from "../test-support/staff";

type App = Awaited<ReturnType<typeof buildApp>>;
const origin = "https://www.altivacloud.com";

/** Waits for a condition, checking every 100 ms, up to `ms`. */
async function until(check: () => boolean, ms: number): Promise<boolean> {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((r) => setTimeout(r, 100))) {
    if (check()) return true;
  }
  return check();
}

describe("an erasure while another process reads the SQLite database", () => {
  const env = useBackend("sqlite", { RATE_LIMIT_MAX: "0" });
  let app: App;
  beforeAll(async () => {
    app = await buildApp(env.config, { serveSite: false });
  });
  afterAll(() => app.close());

  it("answers scrubbed: false, and the server's own retries clear the WAL once the reader lets go", async () => {
    const markers = ["Walburga", "Heldsnapshot", "walburga.heldsnapshot@example.com", "marker-wal-5521"];
    const person = { firstName: "Walburga", lastName: "Heldsnapshot", email: "walburga.heldsnapshot@example.com" };
    const sent = await app.inject({
      method: "POST",
      url: "/api/contact-us/create",
      headers: jsonHeaders,
      payload: { ...validContact, ...person, message: "Please call me back, marker-wal-5521" },
    });
    expect(sent.statusCode).toBe(201);
    const { id } = await app.storage.db
      .selectFrom("submissions")
      .select("id")
      .where("email", "=", person.email)
      .executeTakeFirstOrThrow();
    const { cookie } = await signedInStaff(app.storage.db, { role: "sales", name: "Scrubbing Sales" }, new Date());

    // Another process's reader: a read transaction holding the snapshot that still has the row.
    const reader = new SQLite(path.join(env.config.dataDir, "site.db"), { readonly: true });
    reader.prepare("begin").run();
    expect(reader.prepare("select count(*) as n from submissions where id = ?").get(id)).toEqual({ n: 1 });

    const plan = erasurePlanAnswer.parse(
      (await app.inject({ method: "GET", url: `/admin/api/submissions/${id}/erase`, headers: { cookie } })).json().data,
    );
    const res = await app.inject({
      method: "POST",
      url: `/admin/api/submissions/${id}/erase`,
      headers: { "content-type": "application/json", cookie, origin },
      payload: { confirm: true, submissions: plan.items.map((i) => i.id) },
    });
    expect(res.statusCode).toBe(200);
    expect(erasureAnswer.parse(res.json().data)).toMatchObject({ submissions: 1, scrubbed: false });
    expect(findBytes(env.config.dataDir, markers).length).toBeGreaterThan(0);
    expect(scrubPending(app.storage)).toBe(true);

    reader.prepare("commit").run();
    reader.close();
    // The first retry comes a second after the erasure; nobody asks for it.
    expect(await until(() => findBytes(env.config.dataDir, markers).length === 0, 15_000)).toBe(true);
    expect(await until(() => !scrubPending(app.storage), 5_000)).toBe(true);

    const retry = await app.inject({
      method: "POST",
      url: "/admin/api/erasure/scrub",
      headers: { "content-type": "application/json", cookie, origin },
      payload: {},
    });
    expect(scrubAnswer.parse(retry.json().data)).toEqual({ scrubbed: true });
  }, 60_000);

  it("a scrub that meets a reader answers at once instead of stopping the server for the busy timeout", async () => {
    const { cookie } = await signedInStaff(app.storage.db, { role: "sales", name: "Hasty Scrubber" }, new Date());
    const write = () =>
      app.inject({
        method: "POST",
        url: "/api/contact-us/create",
        headers: jsonHeaders,
        payload: { ...validContact, email: `reader.${Date.now()}@example.com` },
      });
    expect((await write()).statusCode).toBe(201);
    const reader = new SQLite(path.join(env.config.dataDir, "site.db"), { readonly: true });
    reader.prepare("begin").run();
    reader.prepare("select count(*) from submissions").get();
    // A frame the reader's snapshot predates, so the checkpoint cannot finish.
    expect((await write()).statusCode).toBe(201);
    const started = Date.now();
    const res = await app.inject({
      method: "POST",
      url: "/admin/api/erasure/scrub",
      headers: { "content-type": "application/json", cookie, origin },
      payload: {},
    });
    const took = Date.now() - started;
    reader.prepare("commit").run();
    reader.close();
    expect(res.statusCode).toBe(200);
    expect(scrubAnswer.parse(res.json().data).scrubbed).toBe(false);
    // The busy timeout is 5 s: waiting it out would take that long with no timer firing.
    expect(took).toBeLessThan(2500);
    // And the connection waits for other writers again afterwards.
    const timeout = await sql<{ timeout: number }>`pragma busy_timeout`.execute(app.storage.db);
    expect(timeout.rows[0]?.timeout).toBe(5000);
  });
});
