/**
 * The live pages' cache (live-content.ts) when a publish lands while a request waits for the
 * content it read: the page it makes shows the content before the publish, and must not be kept
 * under the new stamp (an unpublished study would stay on this instance until the next publish).
 * On SQLite and PostgreSQL; the race is made by holding the first reading back, not by timing.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SiteContent } from "../../contracts/content/site-context";
import { buildApp } from "../app";
import { cachedBody } from "../careers/page-cache";
import { createItem, publishItem, unpublishItem, type ContentWrite } from "../content/store";
import { backends, useBackend } from "../test-support/backends";
import { caseStudy } from "../test-support/case-study";
import { LiveContent, readSiteContent } from "./live-content";

type App = Awaited<ReturnType<typeof buildApp>>;

const actor = { id: 7, name: "Mara Editor" };
const noRedirect = async () => undefined;

function written(result: ContentWrite) {
  if (!result.ok) throw new Error(`the store refused: ${JSON.stringify(result)}`);
  return result.item;
}

/** A page naming the live studies' titles: what the cache keeps is what the test reads. */
const pageOf = async (content: SiteContent) =>
  cachedBody(200, Buffer.from((content.items["case-studies"] ?? []).map((i) => String(i.data.title)).join("|")));

describe.each(backends)("the live pages' cache on %s", (backend) => {
  const env = useBackend(backend);
  let app: App;
  let clock = new Date("2026-12-02T10:00:00Z");
  const now = () => clock;

  beforeAll(async () => {
    app = await buildApp(env.config, { serveSite: false, now });
  });
  afterAll(() => app?.close());

  it("does not keep a page made from content read before a publish another request has seen", async () => {
    const title = "Moving a logistics platform to AWS with 40% lower costs";
    const draft = written(await createItem(app.storage.db, "case-studies", caseStudy({ title }), actor, clock));
    const live = written(
      await publishItem(app.storage.db, "case-studies", draft.id, draft.version, actor, clock, noRedirect),
    );

    // The first reading is read at once but handed over only when the test says.
    let read!: () => void;
    const wasRead = new Promise<void>((resolve) => (read = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let held = true;
    const reader: typeof readSiteContent = async (storage, collections) => {
      const content = await readSiteContent(storage, collections);
      if (held) {
        held = false;
        read();
        await released;
      }
      return content;
    };
    const cache = new LiveContent(app.storage, ["case-studies"], now, 5_000, undefined, reader);

    const first = cache.page("/case-study", pageOf);
    await wasRead;
    // Meanwhile the study is unpublished, and another request reads the new stamp.
    written(await unpublishItem(app.storage.db, "case-studies", live.id, live.version, actor, clock));
    clock = new Date(clock.getTime() + 5_000);
    expect((await cache.content()).items["case-studies"]).toBeUndefined();
    release();

    expect((await first).body.toString()).not.toContain(title);
    expect((await cache.page("/case-study", pageOf)).body.toString()).not.toContain(title);
  });
});
