/**
 * Whose preview links still work (decision 077), on SQLite and PostgreSQL: a link's maker tag
 * matches a person not revoked whose role edits content; revoking them, moving them to a role
 * without content:edit, or a roles table that gives it to nobody ends it. The tag is not the id.
 * No site build: the route's 404 for these is in server/live/live-pages.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { staffRoles, type StaffRoleTable } from "../../contracts/staff/permissions";
import { openStorage, type Storage } from "../db/db";
import { backends, useBackend } from "../test-support/backends";
import { signedInStaff } from "../test-support/staff";
import { makerMayPreview, makerTag, previewKey, signPreview, verifyPreview } from "./preview";

const clock = new Date("2027-01-10T09:00:00.000Z");

describe.each(backends)("a preview link's maker on %s", (backend) => {
  const env = useBackend(backend);
  let storage: Storage;
  let key: Buffer;
  beforeAll(async () => {
    storage = await openStorage({ databaseUrl: env.config.databaseUrl, dataDir: env.config.dataDir });
    key = await previewKey(env.config, storage);
  }, 60_000);
  afterAll(() => storage.close());

  const linkBy = (makerId: number) =>
    verifyPreview(
      key,
      signPreview(key, { collection: "insights", id: 4, expiresAt: new Date(clock.getTime() + 60_000), makerId }),
      clock,
    )!;

  it("lets an editor's link work until they are revoked", async () => {
    const editor = await signedInStaff(storage.db, { role: "marketing", name: "Edda Editor" }, clock);
    const link = linkBy(editor.id);
    expect(link.maker).toBe(makerTag(key, editor.id));
    expect(link.maker).not.toBe(String(editor.id));
    expect(await makerMayPreview(storage.db, key, link.maker, staffRoles)).toBe(true);
    await storage.db
      .updateTable("staff")
      .set({ revoked_at: clock.toISOString() })
      .where("id", "=", editor.id)
      .execute();
    expect(await makerMayPreview(storage.db, key, link.maker, staffRoles)).toBe(false);
  });

  it("ends a link once its maker's role no longer edits content, or the roles table gives it to nobody", async () => {
    const admin = await signedInStaff(storage.db, { role: "admin", name: "Ada Admin" }, clock);
    const link = linkBy(admin.id);
    expect(await makerMayPreview(storage.db, key, link.maker, staffRoles)).toBe(true);
    const noEditors: StaffRoleTable = Object.fromEntries(
      Object.entries(staffRoles).map(([name, role]) => [
        name,
        { ...role, permissions: role.permissions.filter((p) => p !== "content:edit") },
      ]),
    );
    expect(await makerMayPreview(storage.db, key, link.maker, noEditors)).toBe(false);
    await storage.db.updateTable("staff").set({ role: "sales" }).where("id", "=", admin.id).execute();
    expect(await makerMayPreview(storage.db, key, link.maker, staffRoles)).toBe(false);
  });

  it("refuses a tag of nobody, and one made under another key", async () => {
    const editor = await signedInStaff(storage.db, { role: "marketing", name: "Otto Other" }, clock);
    expect(await makerMayPreview(storage.db, key, "AAAAAAAAAAAAAAAAAAAAAA", staffRoles)).toBe(false);
    const otherKey = Buffer.alloc(32, 7);
    expect(await makerMayPreview(storage.db, key, makerTag(otherKey, editor.id), staffRoles)).toBe(false);
  });
});
