/**
 * What the site shows of the content store (decision 067), kept per `contentStamp`: the live items
 * of every stored collection with the metadata of the images they name (the load context's
 * `content`, read in one pass when the stamp moves), and the pages rendered from them (a bounded
 * LRU, compressed copies made once). The stamp is read at most once per `stampEvery` ms (5 s, as
 * the redirects' and the careers pages', decision 062), so a publish through any instance shows on
 * every instance within that, far inside the 60 s issue 41 allows; nothing else is kept between
 * instances. A page made while the stamp moved, or from content read before it moved, is not kept.
 */
import type { CollectionName } from "../../contracts/content/items";
import type { ImageMeta, LiveItem, SiteContent } from "../../contracts/content/site-context";
import type { Storage } from "../db/db";
import { imageOf } from "../images/images";
import { KeptPages, type CachedPage } from "../careers/page-cache";
import { liveItems } from "../content/live-items";
import { contentStamp } from "../content/store";

/** An image id as content names one (contracts/content/image.ts). */
const imageIdPattern = /^[a-f0-9]{24}$/;

/** Every image id the data names, at any depth: the hero, the share picture, rich-text figures. */
export function imageIdsIn(data: unknown, into = new Set<string>()): Set<string> {
  const stack: unknown[] = [data];
  while (stack.length > 0) {
    const node = stack.pop();
    if (typeof node !== "object" || node === null) continue;
    const id = (node as { imageId?: unknown }).imageId;
    if (typeof id === "string" && imageIdPattern.test(id)) into.add(id);
    stack.push(...Object.values(node));
  }
  return into;
}

/** The metadata of these images; one deleted since is left out (the page then draws no picture). */
export async function imagesOf(storage: Storage, ids: Iterable<string>): Promise<Record<string, ImageMeta>> {
  const out: Record<string, ImageMeta> = {};
  for (const id of ids) {
    const image = await imageOf(storage.db, id);
    if (image) out[id] = { id: image.id, rev: image.rev, renditions: image.renditions };
  }
  return out;
}

/** The live items of these collections (only those with any) and their images. */
export async function readSiteContent(storage: Storage, collections: readonly CollectionName[]): Promise<SiteContent> {
  const items: Partial<Record<CollectionName, LiveItem[]>> = {};
  const ids = new Set<string>();
  for (const collection of new Set(collections)) {
    const live = await liveItems(storage.db, collection);
    if (live.length === 0) continue;
    items[collection] = live.map((i) => ({
      slug: i.slug,
      data: i.data as Record<string, unknown>,
      publishedAt: i.publishedAt,
    }));
    for (const item of live) imageIdsIn(item.data, ids);
  }
  return { items, images: await imagesOf(storage, ids) };
}

/** Pages that answer 200 (every list, item, group and page showing items; far more than marketing writes). */
const maxPages = 1_000;
/** Addresses of nothing (404), kept apart and few: made-up addresses only push out each other. */
const maxMisses = 256;

/** The live content read under one stamp. */
interface Generation {
  stamp: string;
  content: Promise<SiteContent>;
}

export class LiveContent {
  private generation?: Generation;
  private kept = new KeptPages(maxPages, maxMisses);
  private stamp?: { value: string; readAt: number };
  private reading?: Promise<string>;

  constructor(
    private readonly storage: Storage,
    private readonly collections: readonly CollectionName[],
    private readonly now: () => Date,
    private readonly stampEvery = 5_000,
    /** Told of each page actually rendered (a miss): the bench and the tests count them. */
    private readonly onRender?: (key: string) => void,
    /** How the live content is read (a test holds a reading back to race a publish against it). */
    private readonly read: typeof readSiteContent = readSiteContent,
  ) {}

  /** Whether the stamp was read less than stampEvery ago: no database call is needed to answer. */
  fresh(): boolean {
    const at = this.now().getTime();
    return this.stamp !== undefined && at >= this.stamp.readAt && at - this.stamp.readAt < this.stampEvery;
  }

  private async currentStamp(): Promise<string> {
    if (this.fresh()) return this.stamp!.value;
    const at = this.now().getTime();
    this.reading ??= contentStamp(this.storage.db)
      .then((value) => {
        this.stamp = { value, readAt: at };
        return value;
      })
      .finally(() => {
        this.reading = undefined;
      });
    return this.reading;
  }

  /** The stamp the content was last read under ("" before the first reading). */
  stampValue(): string {
    return this.generation?.stamp ?? "";
  }

  /** The live content as of the current stamp; a new stamp empties the pages and reads it again. */
  async content(): Promise<SiteContent> {
    return (await this.current()).content;
  }

  private async current(): Promise<Generation> {
    const stamp = await this.currentStamp();
    if (this.generation?.stamp !== stamp) {
      this.kept.clear();
      const content = this.read(this.storage, this.collections);
      this.generation = { stamp, content };
      // A failed reading (the database away) is tried again by the next request, not kept.
      content.catch(() => {
        if (this.generation?.content === content) this.generation = undefined;
      });
    }
    return this.generation;
  }

  /** The page for a key under the current stamp, rendered by `make` from the content when none is kept. */
  async page(key: string, make: (content: SiteContent) => Promise<CachedPage>): Promise<CachedPage> {
    const generation = await this.current();
    const content = await generation.content;
    // The stamp moved while this request waited for its content (another request read the new
    // one and emptied the cache): a page made now would show the old content and be kept under
    // the new stamp, an unpublished study staying on this instance until the next publish.
    if (this.generation !== generation) return this.page(key, make);
    return this.kept.page(key, () => make(content), this.onRender);
  }
}
