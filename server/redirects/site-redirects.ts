/**
 * The site's copy of the redirects (decision 062). The table lives in the shared database, so
 * each instance keeps the whole of it in memory and reads the `redirects` counter (one small
 * query) at most once per `stampEvery` ms, reading the table again only when the counter moved:
 * a redirect added through any instance answers on every instance within `stampEvery` (5 s by
 * default, against the 60 s issue 41 allows), and a request costs a Map lookup, no query.
 */
import { sitePathOf } from "../../contracts/redirects";
import type { Storage } from "../db/db";
import { redirectMap, redirectsStamp } from "./redirects";

export class SiteRedirects {
  private targets = new Map<string, string>();
  private stamp?: { value: string; readAt: number };
  private reading?: Promise<void>;

  constructor(
    private readonly storage: Storage,
    private readonly now: () => Date,
    private readonly stampEvery = 5_000,
  ) {}

  /** True while the last reading is recent enough to answer from (not when the clock went back). */
  fresh(): boolean {
    const at = this.now().getTime();
    return this.stamp !== undefined && at >= this.stamp.readAt && at - this.stamp.readAt < this.stampEvery;
  }

  /** Reads the counter again, and the table when it moved; requests at the same moment share one reading. */
  refresh(): Promise<void> {
    const at = this.now().getTime();
    this.reading ??= (async () => {
      try {
        const value = await redirectsStamp(this.storage.db);
        if (value !== this.stamp?.value) this.targets = await redirectMap(this.storage.db);
        this.stamp = { value, readAt: at };
      } catch (error) {
        // The database away: the last copy answers until the next try, stampEvery later, so a
        // request is not held up by a failing query each time. "" is no counter's value.
        this.stamp = { value: this.stamp?.value ?? "", readAt: at };
        throw error;
      }
    })().finally(() => {
      this.reading = undefined;
    });
    return this.reading;
  }

  /**
   * Where a request for `url` (path and query) is sent, or undefined. "/old/" matches "/old";
   * the query is passed on. The target is a path of the site's own shape, checked again here,
   * so whatever the table holds the answer never names another site.
   */
  location(url: string): string | undefined {
    if (this.targets.size === 0) return undefined;
    const mark = url.indexOf("?");
    const path = sitePathOf(mark === -1 ? url : url.slice(0, mark));
    const to = path && this.targets.get(path);
    if (!to || sitePathOf(to) !== to) return undefined;
    return mark === -1 ? to : to + url.slice(mark);
  }
}
