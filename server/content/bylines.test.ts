/**
 * Decision 081: the team changing after an insight went live keeps its byline true, on SQLite and
 * PostgreSQL. A member's new name or position, once live, goes onto their insights' bylines (live
 * version and draft); a member who is the byline of a live insight cannot be unpublished, and the
 * refusal names the insights.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TeamMemberItem } from "../../contracts/content/items";
import { openStorage, type Storage } from "../db/db";
import { backends, useBackend } from "../test-support/backends";
import { insight } from "../test-support/insight";
import type { AddRedirect } from "./redirect-seam";
import { createItem, itemById, publishItem, revisionsOf, saveDraft, unpublishItem, type ContentWrite } from "./store";

const actor = { id: 1, name: "Mia Marketing" };
const clock = new Date("2026-12-02T10:00:00.000Z");
const noRedirect: AddRedirect = async () => {};

const member = (changes: Partial<TeamMemberItem> = {}): TeamMemberItem => ({
  slug: "elena-marsh",
  name: "Elena Marsh",
  position: "Head of Delivery",
  bio: "Elena leads delivery across our migration and platform projects, from the first plan to the handover.",
  photo: { imageId: "5f0c2a9e81d4b7c36a1e9d03", alt: "Elena Marsh" },
  order: 3,
  ...changes,
});

function written(result: ContentWrite) {
  if (!result.ok) throw new Error(`refused: ${JSON.stringify(result)}`);
  return result.item;
}

describe.each(backends)("bylines when the team changes, on %s", (backend) => {
  const env = useBackend(backend);
  let storage: Storage;
  beforeAll(async () => {
    storage = await openStorage({ databaseUrl: env.config.databaseUrl, dataDir: env.config.dataDir });
  });
  afterAll(async () => storage?.close());

  const publish = async (collection: "team" | "insights", id: number) => {
    const row = await itemById(storage.db, collection, id);
    return written(await publishItem(storage.db, collection, id, row!.version, actor, clock, noRedirect));
  };
  const authorOf = async (id: number) => {
    const row = (await itemById(storage.db, "insights", id))!;
    return {
      live: (JSON.parse(row.published_data ?? "null") as { author: unknown } | null)?.author,
      draft: (JSON.parse(row.draft_data) as { author: unknown }).author,
    };
  };

  it("carries a member's new name and position onto their live and draft bylines, and no one else's", async () => {
    const elena = written(await createItem(storage.db, "team", member(), actor, clock));
    await publish("team", elena.id);
    const byElena = { name: "Elena Marsh", title: "Head of Delivery" };
    const live = written(
      await createItem(storage.db, "insights", insight({ slug: "live", author: byElena }), actor, clock),
    );
    await publish("insights", live.id);
    const draft = written(
      await createItem(storage.db, "insights", insight({ slug: "draft", author: byElena }), actor, clock),
    );
    const other = { name: "Priya Raman", title: "Chief Executive Officer" };
    const others = written(
      await createItem(storage.db, "insights", insight({ slug: "others", author: other }), actor, clock),
    );

    const renamed = member({ name: "Elena Marsh-Okafor", position: "Director of Delivery" });
    const current = (await itemById(storage.db, "team", elena.id))!;
    written(await saveDraft(storage.db, "team", elena.id, current.version, renamed, actor, clock));
    // A saved draft is not live: the bylines wait for its publish.
    expect((await authorOf(live.id)).live).toEqual(byElena);
    await publish("team", elena.id);

    const now = { name: "Elena Marsh-Okafor", title: "Director of Delivery" };
    expect(await authorOf(live.id)).toEqual({ live: now, draft: now });
    expect(await authorOf(draft.id)).toEqual({ live: undefined, draft: now });
    expect(await authorOf(others.id)).toEqual({ live: undefined, draft: other });
    // The live insight's history has the byline's own revision, by who published the team change,
    // and the live version is that revision; the draft-only insight has no history yet.
    const [latest, first] = await revisionsOf(storage.db, live.id);
    expect(latest).toMatchObject({ number: 2, action: "byline", by: { id: actor.id }, data: { author: now } });
    expect(first).toMatchObject({ number: 1, action: "publish", data: { author: byElena } });
    expect((await itemById(storage.db, "insights", live.id))!.live_revision).toBe(2);
    expect(await revisionsOf(storage.db, draft.id)).toEqual([]);
    // The followed draft still passes the byline check against the live team.
    await publish("insights", draft.id);
  });

  it("refuses to unpublish a member with live insights, naming them, and unpublishes once they are gone", async () => {
    const dan = written(
      await createItem(
        storage.db,
        "team",
        member({ slug: "daniel-okafor", name: "Daniel Okafor", position: "Chief Technology Officer" }),
        actor,
        clock,
      ),
    );
    await publish("team", dan.id);
    const byDan = { name: "Daniel Okafor", title: "Chief Technology Officer" };
    const one = written(
      await createItem(
        storage.db,
        "insights",
        insight({ slug: "dan-one", title: "Paved roads", author: byDan }),
        actor,
        clock,
      ),
    );
    const two = written(
      await createItem(
        storage.db,
        "insights",
        insight({ slug: "dan-two", title: "Fewer pages", author: byDan }),
        actor,
        clock,
      ),
    );
    await publish("insights", one.id);
    await publish("insights", two.id);

    const unpublish = async (collection: "team" | "insights", id: number) =>
      unpublishItem(storage.db, collection, id, (await itemById(storage.db, collection, id))!.version, actor, clock);
    expect(await unpublish("team", dan.id)).toEqual({
      ok: false,
      reason: "byline in use",
      name: "Daniel Okafor",
      insights: ["Paved roads", "Fewer pages"],
    });
    expect((await itemById(storage.db, "team", dan.id))!.published_data).not.toBeNull();
    written(await unpublish("insights", one.id));
    expect(await unpublish("team", dan.id)).toMatchObject({ reason: "byline in use", insights: ["Fewer pages"] });
    written(await unpublish("insights", two.id));
    expect((await unpublish("team", dan.id)).ok).toBe(true);
  });
});
