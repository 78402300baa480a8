/**
 * A staff role added, as a change to the table would add it: "partners", which reads enquiries
 * and nothing else, is one row with its label. The access test (server/console/access.test.ts)
 * proves the server refuses it every route but those that read enquiries, and the console's
 * Chromium test (tests/console/partners.spec.ts) that its console shows the inbox of enquiries
 * and no control for applications, people or templates. (The house's own marketing role, which
 * reads the dashboard, is a row of contracts/staff/permissions.ts since decision 057.)
 */
import { staffRoles, type StaffRoleRow, type StaffRoleTable } from "../../contracts/staff/permissions";

export const partnersRole = {
  label: "Partners",
  permissions: ["submissions:read:contact"],
} as const satisfies StaffRoleRow;

/** The house's staff roles and partners. */
export const rolesWithPartners: StaffRoleTable = { ...staffRoles, partners: partnersRole };
