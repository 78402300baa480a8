/**
 * Roles as data (issue 26), on SQLite and PostgreSQL: migration 009 brings in the five roles that
 * were code, published and unchanged, and a role reads back as the contract's shape.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { firstRoles } from "../../contracts/careers/first-roles";
import { isOpen } from "../../contracts/careers/roles";
import { openStorage, type Storage } from "./db";
import { backends, useBackend } from "../test-support/backends";
import { listRoles, publishedRoles, roleBySlug, rolesStamp } from "./job-roles";

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

  it("keeps a published role open from its posting day to the end of its last day only", () => {
    const role = { state: "published" as const, datePosted: "2026-11-09", validThrough: "2027-01-31" };
    expect(isOpen(role, new Date("2026-11-08T23:59:59Z"))).toBe(false);
    expect(isOpen(role, new Date("2026-11-09T00:00:00Z"))).toBe(true);
    expect(isOpen(role, new Date("2027-01-31T23:59:59Z"))).toBe(true);
    expect(isOpen(role, new Date("2027-02-01T00:00:00Z"))).toBe(false);
    expect(isOpen({ ...role, state: "draft" }, new Date("2026-12-01T00:00:00Z"))).toBe(false);
  });
});
