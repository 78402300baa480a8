/**
 * Who sees what (issue: roles). `sales` handles enquiries and feedback, `hr` applications and
 * resumes, `admin` everything, people and settings. Every API route asks these functions; the
 * console only hides what the server would refuse anyway.
 */
import { kindsOfRole, roles, type Role } from "../../contracts/console-answers";
import type { SubmissionKind } from "../storage/schema";

export { roles, type Role };

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (roles as readonly string[]).includes(value);
}

export function kindsFor(role: Role): readonly SubmissionKind[] {
  return kindsOfRole[role];
}

export function maySee(role: Role, kind: SubmissionKind): boolean {
  return kindsOfRole[role].includes(kind);
}

/** People, passkeys, the outbox, the audit log and settings. */
export function isAdmin(role: Role): boolean {
  return role === "admin";
}
