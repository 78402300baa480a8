/**
 * The careers pages' cache: pages rendered by the site's server build and finished by the
 * post-render step (docs/decisions/055), per (path and filter, roles stamp, UTC day). The roles
 * live in the shared database, so there is no in-process state to keep in step between instances:
 * each instance reads the roles' stamp (storage/job-roles.ts `rolesStamp`, one small query) at
 * most once per `stampEvery` ms, and drops every page when the stamp or the day changes. A change
 * made through any instance is therefore shown by all of them within `stampEvery` (5 s by default,
 * against the 60 s issue 26 allows); expiry follows the day, decided at request time.
 */
import crypto from "node:crypto";
import zlib from "node:zlib";
import type { FastifyRequest } from "fastify";
import { LRUCache } from "lru-cache";
import { utcDay } from "../../contracts/careers/roles";
import type { FinishedPage } from "../render/post-render";

export interface CachedPage {
  /** 500: a role whose page cannot be rendered (routes.ts), answered so until the roles change. */
  status: 200 | 404 | 410 | 500;
  body: Buffer;
  etag: string;
  /** Compressed once: by the post-render step for a rendered page, else on the first request that accepts each encoding. */
  encoded: Partial<Record<"br" | "gzip", Buffer>>;
  /** The CSP sources of the page's inline scripts (a page from the post-render step). */
  scriptHashes?: readonly string[];
}

/** A page finished by the post-render step (server/render/post-render.ts), with its own compressed copies and CSP hashes. */
export function finishedPage(status: CachedPage["status"], page: FinishedPage): CachedPage {
  return {
    ...cachedPage(status, page.html),
    encoded: { br: page.br, gzip: page.gzip },
    scriptHashes: page.scriptHashes,
  };
}

export function cachedPage(status: CachedPage["status"], html: string): CachedPage {
  return cachedBody(status, Buffer.from(html, "utf8"));
}

/** A cached answer of any type: a role's share picture is kept with the pages it belongs to. */
export function cachedBody(status: CachedPage["status"], body: Buffer): CachedPage {
  const etag = `W/"${crypto.createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
  return { status, body, etag, encoded: {} };
}

export function encodedBody(page: CachedPage, encoding: "br" | "gzip"): Buffer {
  page.encoded[encoding] ??=
    encoding === "br"
      ? zlib.brotliCompressSync(page.body, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: 9,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: page.body.length,
          },
        })
      : zlib.gzipSync(page.body, { level: 9 });
  return page.encoded[encoding];
}

/** Whether the browser's copy (If-None-Match) is the answer's current one. */
export function unchanged(req: FastifyRequest, etag: string): boolean {
  const match = req.headers["if-none-match"];
  return Boolean(match?.split(",").some((t) => t.trim().replace(/^W\//, "") === etag.slice(2)));
}

/** Brotli, then gzip, when the client accepts them (q > 0, or through "*"). */
export function pickEncoding(accept: string | undefined): "br" | "gzip" | undefined {
  if (!accept) return undefined;
  const accepted = new Map<string, number>();
  for (const part of accept.toLowerCase().split(",")) {
    const [name = "", ...params] = part.split(";").map((t) => t.trim());
    const q = params.find((t) => t.startsWith("q="));
    accepted.set(name, q ? Number(q.slice(2)) : 1);
  }
  for (const encoding of ["br", "gzip"] as const) {
    const q = accepted.get(encoding) ?? accepted.get("*");
    if (q !== undefined && q > 0) return encoding;
  }
  return undefined;
}

/**
 * Pages that answer 200, 410 or 500: more than the careers pages can have (filters × roles, and
 * each role's picture). Least recently used first out, so even then the pages people read stay.
 */
const maxPages = 2_000;
/**
 * Addresses of no role (404), kept apart and few: made-up slugs, however many, only push out
 * each other, never a real page, and a repeated one costs no query.
 */
const maxMisses = 256;

export class CareersPageCache {
  private generation = "";
  /** Renders under way are shared by requests at the same moment; settled ones are kept. */
  private kept = new KeptPages(maxPages, maxMisses);
  private stamp?: { value: string; readAt: number };
  private reading?: Promise<string>;

  constructor(
    private readonly readStamp: () => Promise<string>,
    private readonly now: () => Date,
    private readonly stampEvery = 5_000,
  ) {}

  /** The roles' stamp, read again when the last reading is older than stampEvery (or the clock went back). */
  private async currentStamp(): Promise<string> {
    const at = this.now().getTime();
    if (this.stamp && at >= this.stamp.readAt && at - this.stamp.readAt < this.stampEvery) return this.stamp.value;
    this.reading ??= this.readStamp()
      .then((value) => {
        this.stamp = { value, readAt: at };
        return value;
      })
      .finally(() => {
        this.reading = undefined;
      });
    return this.reading;
  }

  /** The page for a key, rendered by `make` when the cache has none for the current roles and day. */
  async page(key: string, make: () => Promise<CachedPage>): Promise<CachedPage> {
    const generation = `${await this.currentStamp()}|${utcDay(this.now())}`;
    if (generation !== this.generation) {
      this.generation = generation;
      this.kept.clear();
    }
    return this.kept.page(key, make);
  }
}

/**
 * Pages kept for one generation of content (the careers cache's roles and day, the live pages'
 * content stamp): 200s in one LRU, 404s in a small one of their own (made-up addresses only push
 * out each other), one render per key at a time. `clear` starts a new generation: a render begun
 * before it is not kept, and a failed render is never kept (the next request tries again).
 */
export class KeptPages {
  private pages: LRUCache<string, CachedPage>;
  private misses: LRUCache<string, CachedPage>;
  private making = new Map<string, Promise<CachedPage>>();

  constructor(maxPages: number, maxMisses: number) {
    this.pages = new LRUCache({ max: maxPages });
    this.misses = new LRUCache({ max: maxMisses });
  }

  clear(): void {
    this.pages.clear();
    this.misses.clear();
    this.making.clear();
  }

  /** The kept page for the key, else the render under way, else `make`'s (told to `onRender` first). */
  page(key: string, make: () => Promise<CachedPage>, onRender?: (key: string) => void): Promise<CachedPage> {
    const kept = this.pages.get(key) ?? this.misses.get(key);
    if (kept) return Promise.resolve(kept);
    let making = this.making.get(key);
    if (!making) {
      onRender?.(key);
      const made = make();
      making = made;
      this.making.set(key, made);
      made.then(
        (page) => {
          // Cleared meanwhile (a new generation): the page shows the old content and is not kept.
          if (this.making.get(key) !== made) return;
          this.making.delete(key);
          (page.status === 404 ? this.misses : this.pages).set(key, page);
        },
        () => this.making.get(key) === made && this.making.delete(key),
      );
    }
    return making;
  }
}
