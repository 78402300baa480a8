/**
 * The audit log: who did what, when, to which submission. The console and the CLI only append (no
 * route edits or deletes an entry); the retention purge drops entries after 24 months
 * (storage/console-purge.ts). Entries name
 * a submission by id and application number, never by the person's name or address, so an
 * erasure leaves them standing without personal data. Each entry is chained to the one before it
 * (audit-chain.ts, docs/decisions/023-audit-chain.md): `npm run admin -- audit verify` finds an
 * entry edited or removed in the database.
 */
import { type Kysely, type SelectQueryBuilder, sql } from "kysely";
import { asOnlyWriter } from "../db/dialect";
import type { AuditAction } from "../../contracts/console-answers";
import type { Database } from "../db/schema";
import { entryHash, genesisHash } from "../db/audit-chain";

export type { AuditAction } from "../../contracts/console-answers";

/** Any key will do as long as every writer uses the same one: "audit" in ASCII. */
const chainLockKey = 0x61756474;

export interface AuditEntry {
  staff?: { id: number; name: string } | null;
  /** Who acted when no signed-in person did: the CLI's `cli:<OS user>`. */
  operator?: string;
  action: AuditAction;
  submissionId?: number | null;
  subject?: string | null;
  detail?: string | null;
}

/**
 * Appends one entry at the chain's head. Appends are serialised across processes (two server
 * instances, the CLI), else two writers could read the same head and fork the chain: PostgreSQL
 * takes a transaction-scoped advisory lock, SQLite starts the transaction with BEGIN IMMEDIATE
 * (the database's one write lock, waited for up to busy_timeout).
 */
export async function appendAudit(db: Kysely<Database>, entry: AuditEntry, now: Date): Promise<void> {
  await asOnlyWriter(db, chainLockKey, (writer) => appendAtHead(writer, entry, now));
}

async function appendAtHead(db: Kysely<Database>, entry: AuditEntry, now: Date) {
  const head = await db.selectFrom("audit_log").select("hash").orderBy("id", "desc").limit(1).executeTakeFirst();
  const fields = {
    at: now.toISOString(),
    staff_id: entry.staff?.id ?? null,
    staff_name: entry.staff?.name ?? entry.operator ?? null,
    action: entry.action,
    submission_id: entry.submissionId ?? null,
    subject: entry.subject ?? null,
    detail: entry.detail ?? null,
    prev_hash: head?.hash ?? genesisHash,
  };
  await db
    .insertInto("audit_log")
    .values({ ...fields, hash: entryHash(fields) })
    .execute();
}

export type ChainCheck =
  | { ok: true; entries: number; head: string | null }
  | {
      ok: false;
      entries: number;
      broken: { id: number; at: string; subject: string | null; action: string; reason: string };
    };

/**
 * Walks the chain oldest first. The oldest surviving entry's prev_hash is taken as the anchor
 * (the retention job deletes from the start of the chain); from there each entry must hash to
 * its stored hash and name the hash of the entry before it.
 */
export async function verifyAuditChain(db: Kysely<Database>): Promise<ChainCheck> {
  let previous: { hash: string | null; id: number } | null = null;
  let entries = 0;
  const rows = db.selectFrom("audit_log").selectAll().orderBy("id").stream(500);
  for await (const row of rows) {
    entries++;
    const broken = (reason: string): ChainCheck => ({
      ok: false,
      entries,
      broken: { id: row.id, at: row.at, subject: row.subject, action: row.action, reason },
    });
    if (row.hash === null || row.prev_hash === null) return broken("it has no hash (written outside the log)");
    if (previous && row.prev_hash !== previous.hash)
      return broken(`it does not follow entry ${previous.id}: that entry was changed, or one between them removed`);
    if (entryHash({ ...row, prev_hash: row.prev_hash }) !== row.hash) return broken("its fields were changed");
    previous = { hash: row.hash, id: row.id };
  }
  return { ok: true, entries, head: previous?.hash ?? null };
}

/** The audit page's filters; dates are whole days (YYYY-MM-DD, UTC), both ends included. */
export interface AuditFilter {
  person?: string;
  action?: AuditAction;
  from?: string;
  to?: string;
  /** An application number, submission id or other subject, matched anywhere in subject or detail. */
  reference?: string;
}

function dayAfter(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString();
}

function filtered<O>(query: SelectQueryBuilder<Database, "audit_log", O>, f: AuditFilter) {
  let q = query;
  if (f.person) q = q.where("staff_name", "=", f.person);
  if (f.action) q = q.where("action", "=", f.action);
  if (f.from) q = q.where("at", ">=", `${f.from}T00:00:00.000Z`);
  if (f.to) q = q.where("at", "<", dayAfter(f.to));
  if (f.reference) {
    // LIKE's own wildcards in the input match themselves; lower() makes both backends ignore case.
    const pattern = `%${f.reference.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    q = q.where((eb) =>
      eb.or([
        eb(eb.fn("lower", ["subject"]), "like", sql<string>`${pattern} escape '\\'`),
        eb(eb.fn("lower", ["detail"]), "like", sql<string>`${pattern} escape '\\'`),
        ...(/^\d+$/.test(f.reference!) ? [eb("submission_id", "=", Number(f.reference))] : []),
      ]),
    );
  }
  return q;
}

const listedColumns = ["id", "at", "staff_name", "action", "submission_id", "subject", "detail"] as const;

export interface AuditPageQuery extends AuditFilter {
  page: number;
  pageSize: number;
  submissionId?: number;
}

export async function listAudit(db: Kysely<Database>, q: AuditPageQuery) {
  let query = filtered(db.selectFrom("audit_log").select(listedColumns), q);
  if (q.submissionId !== undefined) query = query.where("submission_id", "=", q.submissionId);
  const rows = await query
    .orderBy("at", "desc")
    .orderBy("id", "desc")
    .limit(q.pageSize + 1)
    .offset((q.page - 1) * q.pageSize)
    .execute();
  return { entries: rows.slice(0, q.pageSize), hasMore: rows.length > q.pageSize };
}

/** Every entry the filter matches, newest first, streamed (the audit page's CSV export). */
export function streamAudit(db: Kysely<Database>, f: AuditFilter) {
  return filtered(db.selectFrom("audit_log").select(listedColumns), f)
    .orderBy("at", "desc")
    .orderBy("id", "desc")
    .stream(500);
}

export const auditCsvColumns = listedColumns;

/** The names that appear in the log (people, and the CLI's operators), for the page's filter. */
export async function auditPeople(db: Kysely<Database>): Promise<string[]> {
  const rows = await db
    .selectFrom("audit_log")
    .select("staff_name")
    .distinct()
    .where("staff_name", "is not", null)
    .orderBy("staff_name")
    .execute();
  return rows.map((r) => r.staff_name!);
}
