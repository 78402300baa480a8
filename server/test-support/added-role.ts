/**
 * A staff role added, as a change to the table would add it: "marketing", which reads enquiries
 * and nothing else, is one row with its label. The access test (server/console/access.test.ts)
 * proves the server refuses it every route but those that read enquiries, and the console's
 * Chromium test (tests/console/marketing.spec.ts) that its console shows the inbox of enquiries
 * and no control for applications, people or templates.
 */
import { staffRoles, type StaffRoleRow, type StaffRoleTable } from "../../contracts/staff/permissions";

export const marketingRole = {
  label: "Marketing",
  permissions: ["submissions:read:contact"],
} as const satisfies StaffRoleRow;

/** The house's staff roles and marketing. */
export const rolesWithMarketing: StaffRoleTable = { ...staffRoles, marketing: marketingRole };
