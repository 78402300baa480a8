/**
 * Staff roles as data (docs/decisions/047-permissions-as-data.md): one table gives each staff
 * role its label and the permissions it holds, and everything else asks `can(staff, permission)`.
 * The server's routes declare the permission they need (server/console/access.ts), the console
 * shows a control only when the person holds its permission, and which kinds of submission a
 * person reads follows from their `submissions:read:<kind>` permissions. A new role is one row.
 *
 * A staff role (who works in the console) is not a job posting (`contracts/careers/roles.ts`,
 * what HR publishes on the careers page): this module is the first, and names it `StaffRole`.
 * No other file compares a role's name (scripts/role-names.test.ts checks it).
 */
import { submissionKinds, type SubmissionKind } from "../submission-kinds";

/** Everything a person may be allowed in the console; `area:action[:scope]`. */
export const permissions = [
  /** Read submissions of one kind: the inbox, a submission's page, its neighbours. */
  "submissions:read:contact",
  "submissions:read:application",
  "submissions:read:feedback",
  /** Change the status of, and add notes to, the submissions the person reads. */
  "submissions:update",
  /** Erase the submissions of an address that the person reads (decision 025). */
  "submissions:erase",
  /** Erase the whole person: every kind, quarantined ones and the confirmation records. */
  "submissions:erase:whole-person",
  /** Export the submissions the person reads. */
  "submissions:export",
  /** Own enquiries and feedback and give them to others (the inbox's Mine and Unassigned views). */
  "submissions:assign",
  /** A person's copy of everything held about their address. */
  "submissions:copy",
  /** Reply to an enquiry's or feedback's sender. */
  "replies:send",
  /** Send a candidate the e-mail of a decision. */
  "decisions:send",
  /** The applications due for deletion, and a candidate's consent to be kept. */
  "applications:retention",
  /** Job postings on the careers page: write, publish, close, reopen. */
  "postings:edit",
  /** The application form's positions: read them. */
  "positions:read",
  /** The application form's positions: add, retire, offer again. */
  "positions:edit",
  /** The reply templates (sales's e-mails). */
  "templates:edit",
  /** The decision e-mail templates: interview, offer, not selected, hired (recruiters own them, issue 44). */
  "decision-templates:edit",
  /** Submissions held back as spam: read, release, delete. */
  "quarantine:manage",
  /** Messages not yet sent, retries, and the alerts about failed mail. */
  "outbox:manage",
  /** The audit log: read and export it. */
  "audit:read",
  /** Who may use the console: invitations, revoking people and passkeys. */
  "people:manage",
  /** Routing rules and webhooks. */
  "routing:edit",
  /** Mark the enquiries the person reads qualified, won or lost, with a won deal's value (decision 057). */
  "enquiries:outcome",
  /** The marketing dashboard: the site's measurements and the lead funnel, counts only (decision 057). */
  "dashboard:read",
  /** Redirects: add and remove them (decision 062). */
  "redirects:manage",
  /** Content collections: write drafts, upload images, preview (decision 065). */
  "content:edit",
  /** Content collections: publish, schedule, unpublish, restore a revision (decision 065). */
  "content:publish",
] as const;
export type Permission = (typeof permissions)[number];

export interface StaffRoleRow {
  /** How the console names the role ("Administrator"). */
  label: string;
  permissions: readonly Permission[];
}

/** A table of staff roles; `staffRoles` is the house's, a test may give the server another. */
export type StaffRoleTable = Readonly<Record<string, StaffRoleRow>>;

/**
 * The house's staff roles. Administrators hold every permission; HR handles applications, their
 * postings, their deletion dates and the decision e-mails' templates (decision 071); sales handles enquiries and feedback and marks their
 * outcomes; marketing reads the dashboard's counts and no submission (decision 057), writes
 * and publishes the site's content (decision 065) and adds redirects (decision 062).
 */
export const staffRoles = {
  admin: { label: "Administrator", permissions },
  hr: {
    label: "HR",
    permissions: [
      "submissions:read:application",
      "submissions:update",
      "submissions:erase",
      "submissions:export",
      "decisions:send",
      "decision-templates:edit",
      "applications:retention",
      "postings:edit",
      "positions:read",
    ],
  },
  sales: {
    label: "Sales",
    permissions: [
      "submissions:read:contact",
      "submissions:read:feedback",
      "submissions:update",
      "submissions:erase",
      "submissions:export",
      "submissions:assign",
      "replies:send",
      "enquiries:outcome",
    ],
  },
  marketing: {
    label: "Marketing",
    permissions: ["dashboard:read", "content:edit", "content:publish", "redirects:manage"],
  },
} as const satisfies StaffRoleTable;

/** The name of one of the house's staff roles (a table given to the server may hold others). */
export type StaffRole = keyof typeof staffRoles;

/** The role names of a table, in its order (the invite form and the CLI offer them). */
export function staffRoleNames(table: StaffRoleTable = staffRoles): string[] {
  return Object.keys(table);
}

export function isStaffRole(value: unknown, table: StaffRoleTable = staffRoles): value is string {
  return typeof value === "string" && Object.hasOwn(table, value);
}

/** A role's permissions; none for a name the table does not hold (a row removed since). */
export function permissionsOf(role: string, table: StaffRoleTable = staffRoles): readonly Permission[] {
  return Object.hasOwn(table, role) ? table[role]!.permissions : [];
}

/** A role's label; its name for one the table does not hold. */
export function labelOf(role: string, table: StaffRoleTable = staffRoles): string {
  return Object.hasOwn(table, role) ? table[role]!.label : role;
}

/** Anyone whose permissions are known: the signed-in person on the server and in the console. */
export interface Permitted {
  readonly permissions: readonly Permission[];
}

export function can(staff: Permitted, permission: Permission): boolean {
  return staff.permissions.includes(permission);
}

export function canAny(staff: Permitted, any: readonly Permission[]): boolean {
  return any.some((p) => can(staff, p));
}

/** The permission to read one kind of submission. */
export const readPermission = <K extends SubmissionKind>(kind: K) => `submissions:read:${kind}` as const;

/** Reading any kind of submission: the inbox and a submission's own page. */
export const readPermissions: readonly Permission[] = submissionKinds.map(readPermission);

/** The kinds of submission this person reads. */
export function kindsOf(staff: Permitted): SubmissionKind[] {
  return submissionKinds.filter((kind) => can(staff, readPermission(kind)));
}

export function maySee(staff: Permitted, kind: SubmissionKind): boolean {
  return can(staff, readPermission(kind));
}

/** The roles of a table that hold every one of these permissions (people who may own an item, who get alerts). */
export function rolesWith(table: StaffRoleTable, ...all: Permission[]): string[] {
  return Object.keys(table).filter((role) => all.every((p) => table[role]!.permissions.includes(p)));
}
