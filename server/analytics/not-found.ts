/**
 * Counting pages not found (decision 057): the site's 404s per day, path and referrer host. Only a
 * path of the site's own shape (letters, digits, / _ . ~ -, 200 at most: no query, no "@", no
 * percent-encoding) and a lower-case host name are kept; anything else is not counted. A day holds
 * at most `maxPathsPerDay` paths, so a scanner trying random addresses cannot fill the table.
 */
import type { Storage } from "../db/db";

const sitePath = /^\/[A-Za-z0-9/_.~-]{0,199}$/;
const hostName = /^[a-z0-9](?:[a-z0-9.-]{0,251}[a-z0-9])?$/;
export const maxPathsPerDay = 2000;

/** The Referer header's host, when it is a plain host name; "" otherwise. */
export function referrerHostOf(referer: string | undefined): string {
  if (!referer) return "";
  try {
    const host = new URL(referer).hostname.toLowerCase();
    return hostName.test(host) ? host : "";
  } catch {
    return "";
  }
}

export async function recordNotFound(
  storage: Storage,
  path: string,
  referrerHost: string,
  now: Date,
): Promise<boolean> {
  if (!sitePath.test(path)) return false;
  const day = now.toISOString().slice(0, 10);
  return storage.transaction(async (trx) => {
    const known = await trx
      .selectFrom("not_found_counts")
      .select("hits")
      .where("day", "=", day)
      .where("path", "=", path)
      .where("referrer_host", "=", referrerHost)
      .executeTakeFirst();
    if (known) {
      await trx
        .updateTable("not_found_counts")
        .set((eb) => ({ hits: eb("hits", "+", 1) }))
        .where("day", "=", day)
        .where("path", "=", path)
        .where("referrer_host", "=", referrerHost)
        .execute();
      return true;
    }
    const rows = await trx
      .selectFrom("not_found_counts")
      .select((eb) => eb.fn.countAll<string | number>().as("n"))
      .where("day", "=", day)
      .executeTakeFirstOrThrow();
    if (Number(rows.n) >= maxPathsPerDay) return false;
    await trx
      .insertInto("not_found_counts")
      .values({ day, path, referrer_host: referrerHost, hits: 1 })
      .onConflict((oc) =>
        oc
          .columns(["day", "path", "referrer_host"])
          .doUpdateSet((eb) => ({ hits: eb("not_found_counts.hits", "+", 1) })),
      )
      .execute();
    return true;
  });
}
