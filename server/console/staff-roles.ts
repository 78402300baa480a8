/**
 * The house's staff roles by name (contracts/staff/permissions.ts), for what works by role
 * rather than by a signed-in person: the command line's invite, and tests that sign in one
 * person of each role.
 */
import {
  kindsOf,
  maySee,
  permissionsOf,
  staffRoleNames,
  staffRoles,
  type StaffRole,
} from "../../contracts/staff/permissions";
import type { SubmissionKind } from "../db/schema";

export type { StaffRole };

export const staffRoleList = staffRoleNames(staffRoles) as StaffRole[];

/** The kinds of submission a role of the house's table reads. */
export function kindsOfRole(role: string): SubmissionKind[] {
  return kindsOf({ permissions: permissionsOf(role) });
}

export function roleSees(role: string, kind: SubmissionKind): boolean {
  return maySee({ permissions: permissionsOf(role) }, kind);
}

/** The house's roles that read some kind of submission (marketing reads none: decision 057). */
export const readingRoleList = staffRoleList.filter((role) => kindsOfRole(role).length > 0);
