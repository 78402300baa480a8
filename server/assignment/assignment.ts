/**
 * Owners and reads (issue 27, docs/decisions/036-owners-and-unread.md). An enquiry or feedback
 * item is owned by one person whose role sees its kind and whose access stands; giving it to
 * someone else queues one e-mail to them (purpose "assign", mail/assignment-mail.ts) in the same
 * transaction as the change and its audit entry. Reads are per person: a row once they open it.
 */
import type { Kysely, Transaction } from "kysely";
import { assignableKinds } from "../../contracts/console-answers";
import { readPermission, rolesWith, staffRoles, type StaffRoleTable } from "../../contracts/staff/permissions";
import { newMessageId } from "../outbox/outbox-rows";
import type { Storage } from "../db/db";
import type { Database, SubmissionKind } from "../db/schema";
import { forUpdate } from "../db/dialect";

type Reader = Pick<Kysely<Database>, "selectFrom">;

export const isAssignable = (kind: SubmissionKind) => (assignableKinds as readonly string[]).includes(kind);

/** The staff roles whose people may own an item of this kind: they read it and own items. */
export const ownerRoles = (kind: SubmissionKind, table: StaffRoleTable = staffRoles) =>
  rolesWith(table, readPermission(kind), "submissions:assign");

export interface Assignment {
  assignee: { id: number; name: string; revoked: boolean } | null;
  assignedAt: string | null;
  people: { id: number; name: string }[];
}

/** The item's owner (even one since revoked, so the page can say so) and who may take it. */
export async function assignmentOf(
  db: Reader,
  submissionId: number,
  kind: SubmissionKind,
  table: StaffRoleTable = staffRoles,
): Promise<Assignment> {
  const row = await db
    .selectFrom("submissions")
    .leftJoin("staff", "staff.id", "submissions.assigned_to")
    .select(["submissions.assigned_at", "staff.id", "staff.name", "staff.revoked_at"])
    .where("submissions.id", "=", submissionId)
    .executeTakeFirst();
  return {
    assignee:
      row?.id != null && row.name != null ? { id: row.id, name: row.name, revoked: row.revoked_at !== null } : null,
    assignedAt: row?.id != null ? (row.assigned_at ?? null) : null,
    people: await eligiblePeople(db, kind, table),
  };
}

/** People who may own an item of this kind: not revoked, of a role that sees it; by name. */
export async function eligiblePeople(db: Reader, kind: SubmissionKind, table: StaffRoleTable = staffRoles) {
  const roles = ownerRoles(kind, table);
  if (roles.length === 0) return [];
  return db
    .selectFrom("staff")
    .select(["id", "name"])
    .where("revoked_at", "is", null)
    .where("role", "in", roles)
    .orderBy("name")
    .orderBy("id")
    .execute();
}

export type AssignOutcome =
  | { assigned: { from: { id: number; name: string } | null; to: { id: number; name: string } | null } }
  /** The item is gone (erased meanwhile). */
  | { refused: "gone" }
  /** Unknown, revoked, or of a role that does not see the kind. */
  | { refused: "ineligible" }
  /** The owner is no longer the one the person saw. */
  | { refused: "stale"; current: string | null };

/**
 * Gives the item to `to` (null: to nobody) in one transaction that holds the row (locked on
 * PostgreSQL; SQLite writes one at a time): the owner is checked against `expected` when given,
 * the person against who may own it, and the change, its audit entry and the assignee's e-mail
 * (when someone other than the person acting) are written together or not at all.
 */
export async function assign(
  storage: Storage,
  opts: {
    submissionId: number;
    to: number | null;
    /** The owner the person saw (null: nobody); undefined: not checked. */
    expected?: number | null;
    staff: { id: number };
    now: Date;
    /** The staff roles (who may own the item); the house's by default. */
    staffRoles?: StaffRoleTable;
    audit: (
      trx: Transaction<Database>,
      change: { from: { id: number; name: string } | null; to: { id: number; name: string } | null },
    ) => Promise<void>;
  },
): Promise<AssignOutcome> {
  return storage.transaction(async (trx): Promise<AssignOutcome> => {
    const read = trx.selectFrom("submissions").select(["kind", "assigned_to"]).where("id", "=", opts.submissionId);
    const held = await forUpdate(storage.dialect, read).executeTakeFirst();
    if (!held) return { refused: "gone" };
    const current = held.assigned_to
      ? await trx.selectFrom("staff").select(["id", "name"]).where("id", "=", held.assigned_to).executeTakeFirst()
      : undefined;
    if (opts.expected !== undefined && opts.expected !== held.assigned_to) {
      return { refused: "stale", current: current?.name ?? null };
    }
    let to: { id: number; name: string; email: string } | undefined;
    const owners = ownerRoles(held.kind, opts.staffRoles);
    if (opts.to !== null) {
      if (owners.length === 0) return { refused: "ineligible" };
      to = await trx
        .selectFrom("staff")
        .select(["id", "name", "email"])
        .where("id", "=", opts.to)
        .where("revoked_at", "is", null)
        .where("role", "in", owners)
        .executeTakeFirst();
      if (!to) return { refused: "ineligible" };
    }
    const at = opts.now.toISOString();
    // Given again to its owner: nothing changes (their first e-mail, tied to assigned_at, still goes).
    const same = (to?.id ?? null) === held.assigned_to;
    if (!same) {
      await trx
        .updateTable("submissions")
        .set({ assigned_to: to?.id ?? null, assigned_at: to ? at : null, assigned_by: to ? opts.staff.id : null })
        .where("id", "=", opts.submissionId)
        .execute();
    }
    if (to && !same && to.id !== opts.staff.id) {
      await trx
        .insertInto("outbox")
        .values({
          submission_id: opts.submissionId,
          channel: "email",
          purpose: "assign",
          recipient: to.email,
          status: "pending",
          attempts: 0,
          next_attempt_at: at,
          message_id: newMessageId(),
          created_at: at,
        })
        .execute();
    }
    const change = {
      from: current ? { id: current.id, name: current.name } : null,
      to: to ? { id: to.id, name: to.name } : null,
    };
    await opts.audit(trx, change);
    return { assigned: change };
  });
}

/** Marks the item read for this person (the first opening counts; later ones change nothing). */
export async function markRead(db: Kysely<Database>, submissionId: number, staffId: number, now: Date) {
  await db
    .insertInto("submission_reads")
    .values({ submission_id: submissionId, staff_id: staffId, read_at: now.toISOString() })
    .onConflict((oc) => oc.columns(["submission_id", "staff_id"]).doNothing())
    .execute();
}

/** Of these items, the ones this person has not opened. */
export async function unreadAmong(db: Reader, staffId: number, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const read = await db
    .selectFrom("submission_reads")
    .select("submission_id")
    .where("staff_id", "=", staffId)
    .where("submission_id", "in", [...ids])
    .execute();
  const opened = new Set(read.map((r) => r.submission_id));
  return new Set(ids.filter((id) => !opened.has(id)));
}

/**
 * The assignment an "assign" message was queued for, as it stands at delivery: undefined when the
 * item has since been given to someone else, taken back, or its owner revoked.
 */
export async function standingAssignment(
  db: Reader,
  row: { submission_id: number; recipient: string; created_at: string },
): Promise<{ assignee: string; by: string | null } | { withdrawn: string }> {
  const s = await db
    .selectFrom("submissions")
    .leftJoin("staff as owner", "owner.id", "submissions.assigned_to")
    .leftJoin("staff as giver", "giver.id", "submissions.assigned_by")
    .select(["submissions.assigned_at", "owner.email", "owner.name", "owner.revoked_at", "giver.name as by"])
    .where("submissions.id", "=", row.submission_id)
    .executeTakeFirst();
  // Tied to the moment of the assignment: given away and back again meanwhile, the newer message goes.
  if (!s?.email || s.email !== row.recipient || s.assigned_at !== row.created_at) {
    return { withdrawn: "Not sent: the item was given to someone else, or taken back, before delivery." };
  }
  if (s.revoked_at !== null) return { withdrawn: "Not sent: the assignee's access was revoked before delivery." };
  return { assignee: s.name ?? "", by: s.by };
}

/** An inbox page with each row marked unread or not for this person. */
export async function withUnread<R extends { id: number }>(
  db: Reader,
  staffId: number,
  page: { rows: R[]; hasMore: boolean; page: number },
): Promise<{ rows: (R & { unread: boolean })[]; hasMore: boolean; page: number }> {
  const unread = await unreadAmong(
    db,
    staffId,
    page.rows.map((r) => r.id),
  );
  return { ...page, rows: page.rows.map((r) => ({ ...r, unread: unread.has(r.id) })) };
}
