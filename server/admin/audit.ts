/**
 * The audit log: who did what, when, to which submission. The console only appends (no route
 * edits or deletes an entry); the retention job drops entries after 24 months. Entries name a
 * submission by id and application number, never by the person's name or address, so an
 * erasure leaves them standing without personal data.
 */
import type { Kysely } from "kysely";
import type { Database } from "../storage/schema";
import { monthsBefore } from "../storage/retention";

export const auditRetentionMonths = 24;

export type AuditAction =
  | "sign-in"
  /** A passkey refused: unknown, revoked, its person revoked, or a failed verification. */
  | "sign-in refused"
  | "sign-out"
  | "passkey created"
  | "invitation"
  | "cancel invitation"
  | "view"
  | "resume download"
  | "status"
  | "note"
  | "export"
  /** A person's copy of their data (peoples-copy.ts), named by references only. */
  | "copy"
  | "erasure"
  | "retry"
  | "release"
  /** A quarantined submission deleted with every copy. */
  | "delete"
  | "revoke person"
  | "revoke passkey";

export interface AuditEntry {
  staff?: { id: number; name: string } | null;
  action: AuditAction;
  submissionId?: number | null;
  subject?: string | null;
  detail?: string | null;
}

export async function appendAudit(db: Kysely<Database>, entry: AuditEntry, now: Date): Promise<void> {
  await db
    .insertInto("audit_log")
    .values({
      at: now.toISOString(),
      staff_id: entry.staff?.id ?? null,
      staff_name: entry.staff?.name ?? null,
      action: entry.action,
      submission_id: entry.submissionId ?? null,
      subject: entry.subject ?? null,
      detail: entry.detail ?? null,
    })
    .execute();
}

export interface AuditPageQuery {
  page: number;
  pageSize: number;
  submissionId?: number;
}

export async function listAudit(db: Kysely<Database>, q: AuditPageQuery) {
  let query = db.selectFrom("audit_log").selectAll();
  if (q.submissionId !== undefined) query = query.where("submission_id", "=", q.submissionId);
  const rows = await query
    .orderBy("at", "desc")
    .orderBy("id", "desc")
    .limit(q.pageSize + 1)
    .offset((q.page - 1) * q.pageSize)
    .execute();
  return { entries: rows.slice(0, q.pageSize), hasMore: rows.length > q.pageSize };
}

/** Entries older than 24 months, for the daily retention job. */
export async function purgeAudit(db: Kysely<Database>, now: Date): Promise<number> {
  const res = await db
    .deleteFrom("audit_log")
    .where("at", "<", monthsBefore(now, auditRetentionMonths).toISOString())
    .executeTakeFirst();
  return Number(res.numDeletedRows);
}
