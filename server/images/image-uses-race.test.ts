/**
 * An image's last release, or the sweep of unused uploads, while another instance's save starts
 * using the same image (decision 063), on PostgreSQL. The release's "no use left" check must see
 * a use committed while it waited: read in the delete's own snapshot, it missed the other save's
 * row, waited on that save's lock on the image, then deleted the image and, by the cascade, the
 * use just committed, leaving a live item naming an image that is gone. SQLite has one writer at
 * a time (begin immediate), so the two cannot interleave there.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openStorage, type Storage } from "../db/db";
import { useBackend } from "../test-support/backends";
import { deleteUnusedImages, imageOf, releaseImage, saveImage, useImage, usesOf } from "./images";
import { twoColourPng } from "./test-images";

describe("an image released while another instance starts using it, on postgres", () => {
  const env = useBackend("postgres");
  // Two instances on one database: each has its own pool.
  let one: Storage;
  let other: Storage;
  beforeAll(async () => {
    one = await openStorage({ databaseUrl: env.config.databaseUrl, dataDir: env.dataDir });
    other = await openStorage({ databaseUrl: env.config.databaseUrl, dataDir: env.dataDir });
  }, 60_000);
  afterAll(async () => {
    await one.close();
    await other.close();
  });

  const save = async (at: Date) => {
    const saved = await saveImage(one, await twoColourPng(120, 80), { staffId: null }, at);
    if (!saved.ok) throw new Error(saved.reason);
    return saved.image.id;
  };

  /**
   * Runs `race` on instance one while instance two's transaction has started using the image
   * and not yet committed; commits it once `race` waits on a lock (no timing luck).
   */
  async function whileOtherUses(imageId: string, itemRef: string, race: () => Promise<unknown>) {
    let commit!: () => void;
    const held = new Promise<void>((resolve) => (commit = resolve));
    let used!: () => void;
    const inserted = new Promise<void>((resolve) => (used = resolve));
    const saving = other.db.transaction().execute(async (trx) => {
      expect(await useImage(trx, imageId, itemRef)).toBe(true);
      used();
      await held;
    });
    await inserted;
    const racing = race();
    for (let waiting = false; !waiting;) {
      const { rows } = await sql<{ n: number }>`
        select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()
      `.execute(one.db);
      waiting = rows[0]!.n > 0;
      if (!waiting) await new Promise((r) => setTimeout(r, 20));
    }
    commit();
    await saving;
    return racing;
  }

  it("keeps the image when its last release meets a use committed meanwhile", async () => {
    const image = await save(new Date("2026-11-23T09:00:00.000Z"));
    expect(await useImage(one.db, image, "case-studies:1")).toBe(true);

    const released = await whileOtherUses(image, "case-studies:2", () => releaseImage(one.db, image, "case-studies:1"));

    expect(released).toEqual({ deleted: false });
    expect(await imageOf(one.db, image)).toBeDefined();
    expect(await usesOf(one.db, image)).toEqual(["case-studies:2"]);
  });

  it("keeps an old upload the sweep meets while a save starts using it", async () => {
    const image = await save(new Date("2026-11-10T09:00:00.000Z"));
    const sweepAt = new Date("2026-12-01T12:00:00.000Z");

    const swept = await whileOtherUses(image, "case-studies:3", () => deleteUnusedImages(one.db, sweepAt));

    expect(swept).toBe(0);
    expect(await imageOf(one.db, image)).toBeDefined();
    expect(await usesOf(one.db, image)).toEqual(["case-studies:3"]);
  });
});
