/**
 * The inbox's senders grouped by their address's domain ("3 enquiries from northwindlogistics.com"),
 * so a company's several enquiries are seen together. Counted over the view's newest rows only,
 * a bounded read whatever the view's size (the inbox's own order and indexes: about as cheap as
 * one page); the answer says when the view had more.
 */
import type { Kysely } from "kysely";
import type { DomainGroupsAnswer } from "../../contracts/console-answers";
import { freeMailDomains } from "../../contracts/free-mail";
import { emailColumn } from "../../contracts/forms/address";
import { formDefinitions } from "../../contracts/forms/index";
import type { Database } from "../db/schema";
import { inboxWhere, type InboxFilter } from "./inbox";

/** How many of the view's newest rows are counted. */
export const domainSample = 250;
/** How many groups are shown, largest first. */
export const domainGroupsShown = 8;

const email = emailColumn(formDefinitions.contact) as "email";

export async function domainGroups(db: Kysely<Database>, f: InboxFilter): Promise<DomainGroupsAnswer> {
  const rows = await inboxWhere(db, f)
    .select(email)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(domainSample + 1)
    .execute();
  const counts = new Map<string, number>();
  for (const row of rows.slice(0, domainSample)) {
    const address = String(row[email]);
    const domain = address.slice(address.lastIndexOf("@") + 1).toLowerCase();
    if (!domain || freeMailDomains.has(domain)) continue;
    counts.set(domain, (counts.get(domain) ?? 0) + 1);
  }
  const groups = [...counts]
    .filter(([, count]) => count >= 2)
    .sort(([a, m], [b, n]) => n - m || a.localeCompare(b))
    .slice(0, domainGroupsShown)
    .map(([domain, count]) => ({ domain, count }));
  return { groups, limited: rows.length > domainSample };
}
