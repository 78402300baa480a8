/**
 * Roles as data (issue 26), on SQLite and PostgreSQL: migration 009 brings in the five roles that
 * were code, published and unchanged, and a role reads back as the contract's shape.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { firstRoles } from "../../contracts/careers/first-roles";
import { isOpen } from "../../contracts/careers/roles";
import { openStorage, type Storage } from "../db/db";
import { backends, useBackend } from "../test-support/backends";
import { freeSlug, listRoles, nextStamp, publishedRoles, roleBySlug, roleRow, rolesStamp } from "./job-roles";

/** A migrated role's columns, to store a variant of it. */
const roleRowOf = (role: (typeof firstRoles)[number]) => roleRow(role, "2026-11-23T09:00:00.000Z");

describe("version stamps", () => {
  it("move on with the clock, and by a millisecond when it has not moved past the last one", () => {
    const at = new Date("2026-11-23T09:00:00.000Z");
    expect(nextStamp(undefined, at)).toBe("2026-11-23T09:00:00.000Z");
    expect(nextStamp("2026-11-23T08:59:59.999Z", at)).toBe("2026-11-23T09:00:00.000Z");
    expect(nextStamp("2026-11-23T09:00:00.000Z", at)).toBe("2026-11-23T09:00:00.001Z");
    // A clock set back never gives an older stamp.
    expect(nextStamp("2026-11-24T00:00:00.000Z", at)).toBe("2026-11-24T00:00:00.001Z");
  });
});

describe.each(backends)("job roles on %s", (backend) => {
  const env = useBackend(backend);
  let storage: Storage;
  beforeAll(async () => {
    storage = await openStorage({ databaseUrl: env.config.databaseUrl, dataDir: env.dataDir });
  }, 60_000);
  afterAll(() => storage.close());

  it("holds the five roles that were code, published, each as it was written", async () => {
    const roles = await listRoles(storage);
    expect(roles.map((r) => r.slug).sort()).toEqual(firstRoles.map((r) => r.slug).sort());
    for (const first of firstRoles) {
      const { id, updatedAt, ...stored } = (await roleBySlug(storage, first.slug))!;
      expect(id).toBeGreaterThan(0);
      expect(updatedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
      expect(stored).toEqual(first);
    }
    expect((await publishedRoles(storage)).length).toBe(firstRoles.length);
  });

  it("changes its stamp when a role changes", async () => {
    const before = await rolesStamp(storage);
    await storage.db
      .updateTable("job_roles")
      .set({ state: "closed", updated_at: "2099-01-01T00:00:00.000Z" })
      .where("slug", "=", firstRoles[0]!.slug)
      .execute();
    expect(await rolesStamp(storage)).not.toBe(before);
    expect((await publishedRoles(storage)).map((r) => r.slug)).not.toContain(firstRoles[0]!.slug);
  });

  it("changes its stamp when a role changes to a version older than another role's (clocks apart)", async () => {
    // One server's clock ahead: a role stamped in its future…
    await storage.db
      .updateTable("job_roles")
      .set({ updated_at: "2099-06-01T00:00:00.000Z" })
      .where("slug", "=", firstRoles[2]!.slug)
      .execute();
    const before = await rolesStamp(storage);
    // …then another server, its clock behind, changes another role.
    await storage.db
      .updateTable("job_roles")
      .set({ title: "QA Engineer (Playwright)", updated_at: "2026-11-23T09:00:00.001Z" })
      .where("slug", "=", firstRoles[4]!.slug)
      .execute();
    expect(await rolesStamp(storage)).not.toBe(before);
  });

  it("names a free address after a taken one, within the 100 characters an address may hold", async () => {
    const taken = firstRoles[1]!.slug;
    expect(await freeSlug(storage.db, taken)).toBe(`${taken}-2`);
    expect(await freeSlug(storage.db, "nobody-has-this-address")).toBe("nobody-has-this-address");
    const long = `${"a".repeat(97)}-bb`;
    await storage.db
      .insertInto("job_roles")
      .values({ ...roleRowOf(firstRoles[1]!), slug: long })
      .execute();
    const free = await freeSlug(storage.db, long);
    expect(free).toBe(`${"a".repeat(97)}-2`);
    expect(free.length).toBeLessThanOrEqual(100);
  });

  it("keeps a published role open from its posting day to the end of its last day only", () => {
    const role = { state: "published" as const, datePosted: "2026-11-09", validThrough: "2027-01-31" };
    expect(isOpen(role, new Date("2026-11-08T23:59:59Z"))).toBe(false);
    expect(isOpen(role, new Date("2026-11-09T00:00:00Z"))).toBe(true);
    expect(isOpen(role, new Date("2027-01-31T23:59:59Z"))).toBe(true);
    expect(isOpen(role, new Date("2027-02-01T00:00:00Z"))).toBe(false);
    expect(isOpen({ ...role, state: "draft" }, new Date("2026-12-01T00:00:00Z"))).toBe(false);
  });
});
