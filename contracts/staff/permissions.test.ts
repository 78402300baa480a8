import { describe, expect, it } from "vitest";
import { submissionKinds } from "../submission-kinds";
import {
  can,
  isStaffRole,
  kindsOf,
  labelOf,
  permissions,
  permissionsOf,
  rolesWith,
  staffRoleNames,
  staffRoles,
  type StaffRoleTable,
} from "./permissions";

const person = (role: string, table: StaffRoleTable = staffRoles) => ({ permissions: permissionsOf(role, table) });

describe("the staff roles' table", () => {
  it("gives each house role the kinds it handled before: every kind, applications, enquiries and feedback; marketing none", () => {
    expect(Object.fromEntries(staffRoleNames().map((r) => [r, kindsOf(person(r))]))).toEqual({
      admin: [...submissionKinds],
      hr: ["application"],
      sales: ["contact", "feedback"],
      marketing: [],
    });
  });

  it("gives administrators every permission, and the others none they did not have", () => {
    expect(permissionsOf("admin")).toEqual(permissions);
    expect(can(person("hr"), "people:manage")).toBe(false);
    expect(can(person("sales"), "postings:edit")).toBe(false);
    expect(can(person("hr"), "replies:send")).toBe(false);
    expect(can(person("sales"), "replies:send")).toBe(true);
  });

  it("names who may own enquiries and who gets the mail alerts from the table", () => {
    expect(rolesWith(staffRoles, "submissions:read:contact", "submissions:assign")).toEqual(["admin", "sales"]);
    expect(rolesWith(staffRoles, "outbox:manage")).toEqual(["admin"]);
  });

  it("gives a name the table does not hold no permission, and its own name as its label", () => {
    expect(isStaffRole("retired")).toBe(false);
    expect(permissionsOf("retired")).toEqual([]);
    expect(kindsOf(person("retired"))).toEqual([]);
    expect(labelOf("retired")).toBe("retired");
    // Not an inherited property of an object either.
    expect(isStaffRole("constructor")).toBe(false);
    expect(permissionsOf("toString")).toEqual([]);
  });

  it("takes a role added by one row, with its label, its kinds following from its permissions", () => {
    // (The console's own fixture for this is server/test-support/added-role.ts.)
    const withSupport: StaffRoleTable = {
      ...staffRoles,
      support: { label: "Support", permissions: ["submissions:read:feedback"] },
    };
    expect(isStaffRole("support", withSupport)).toBe(true);
    expect(labelOf("support", withSupport)).toBe("Support");
    expect(kindsOf(person("support", withSupport))).toEqual(["feedback"]);
    // Reading feedback does not make support an owner of it.
    expect(rolesWith(withSupport, "submissions:read:feedback", "submissions:assign")).toEqual(["admin", "sales"]);
  });
});
