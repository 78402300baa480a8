/**
 * The audit log's hash chain (docs/decisions/023-audit-chain.md): each entry stores the hash of
 * the entry before it and its own hash over a canonical serialisation of its fields, so an entry
 * edited or removed in the database breaks the chain at that point. Pure functions: migration 007
 * backfills with them, appendAudit() extends the chain and verifyAuditChain() walks it.
 */
import crypto from "node:crypto";

/** The first entry ever written follows this. */
export const genesisHash = "0".repeat(64);

/** The fields an entry's hash covers: everything but its id (the order is the chain itself). */
export interface ChainedFields {
  at: string;
  staff_id: number | null;
  staff_name: string | null;
  action: string;
  submission_id: number | null;
  subject: string | null;
  detail: string | null;
  prev_hash: string;
}

/**
 * A JSON array in a fixed field order: strings, whole numbers and nulls only, so JSON.stringify
 * gives one spelling per entry on every backend. The leading tag names the format, so a later
 * change of fields can be told apart from tampering.
 */
export function canonicalEntry(e: ChainedFields): string {
  return JSON.stringify([
    "audit-v1",
    e.at,
    e.staff_id === null ? null : Number(e.staff_id),
    e.staff_name,
    e.action,
    e.submission_id === null ? null : Number(e.submission_id),
    e.subject,
    e.detail,
    e.prev_hash,
  ]);
}

export function entryHash(e: ChainedFields): string {
  return crypto.createHash("sha256").update(canonicalEntry(e)).digest("hex");
}
