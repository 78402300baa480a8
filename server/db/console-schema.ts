/** Row types of the staff console's tables (console-migration.ts). Dates are ISO-8601 UTC strings. */
import type { Generated } from "kysely";

export interface StaffTable {
  id: Generated<number>;
  email: string;
  name: string;
  /** A staff role's name (contracts/staff/permissions.ts); a name no longer in the table permits nothing. */
  role: string;
  created_at: string;
  revoked_at: string | null;
  /** The person's own sign-off, plain text (contracts/signature.ts); replies and decision e-mails append it (migration 031). */
  signature: Generated<string | null>;
  /** 1: e-mail them (a link only) when a customer answers an item they own (migration 031). */
  answer_notice: Generated<number>;
}

export interface PasskeysTable {
  id: string;
  staff_id: number;
  public_key: Buffer;
  counter: number;
  /** JSON array of the authenticator's transports, if it said. */
  transports: string | null;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

export interface InvitationsTable {
  token_hash: string;
  email: string;
  name: string;
  role: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
  /** Cancelled by an administrator, or with its person's revocation (migration 006). */
  cancelled_at: string | null;
  /** The administrator who made it; null when made on the command line (migration 008). */
  invited_by: number | null;
}

export interface WebauthnChallengesTable {
  challenge: string;
  purpose: "register" | "sign-in";
  /** Token hash of the invitation a registration belongs to. */
  invitation: string | null;
  expires_at: string;
}

export interface StaffSessionsTable {
  id_hash: string;
  staff_id: number;
  created_at: string;
  last_seen_at: string;
  /** created_at + the absolute lifetime. */
  expires_at: string;
  /** The passkey that opened the session; revoking it ends the session (migration 006). */
  passkey_id: string | null;
}

export interface AuditLogTable {
  id: Generated<number>;
  at: string;
  staff_id: number | null;
  staff_name: string | null;
  action: string;
  submission_id: number | null;
  /** What was acted on, without personal data: an application number, a submission id, a person's e-mail for staff actions. */
  subject: string | null;
  detail: string | null;
  /** The hash of the entry before (audit-chain.ts); null only in rows written outside the log. */
  prev_hash: string | null;
  /** This entry's own hash over its fields and prev_hash. */
  hash: string | null;
}

export interface SubmissionNotesTable {
  id: Generated<number>;
  submission_id: number;
  staff_id: number | null;
  staff_name: string;
  body: string;
  created_at: string;
}

export interface StaffConsoleTables {
  staff: StaffTable;
  passkeys: PasskeysTable;
  invitations: InvitationsTable;
  webauthn_challenges: WebauthnChallengesTable;
  staff_sessions: StaffSessionsTable;
  audit_log: AuditLogTable;
  submission_notes: SubmissionNotesTable;
}
