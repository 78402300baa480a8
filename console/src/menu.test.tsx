/**
 * The console's menu per role of the house (contracts/staff/permissions.ts): the dashboard for
 * those who read it, Outcomes for those who set outcomes and do not read the dashboard (sales);
 * administrators, who hold both, see the dashboard alone (its lead funnel is Outcomes' funnel),
 * and may still open Outcomes by its address (decision 075).
 */
import { describe, expect, it } from "vitest";
import { permissionsOf, staffRoleNames } from "@contracts/staff/permissions";
import type { Staff } from "./api";
import { consolePages, mayOpen, menuFor } from "./routes";

const staffOf = (role: string) => ({ permissions: permissionsOf(role) }) as unknown as Staff;
const labels = (role: string) => menuFor(staffOf(role)).map((item) => item.label);
const outcomes = consolePages.find((p) => p.path === "/outcomes")!;

describe("the console menu per role", () => {
  it("shows administrators the dashboard and not Outcomes, which they can still open", () => {
    expect(labels("admin")).toContain("Dashboard");
    expect(labels("admin")).not.toContain("Outcomes");
    expect(mayOpen(outcomes, staffOf("admin"))).toBe(true);
  });

  it("shows sales Outcomes and not the dashboard", () => {
    expect(labels("sales")).toContain("Outcomes");
    expect(labels("sales")).not.toContain("Dashboard");
  });

  it("shows marketing the dashboard and not Outcomes", () => {
    expect(labels("marketing")).toContain("Dashboard");
    expect(labels("marketing")).not.toContain("Outcomes");
    expect(mayOpen(outcomes, staffOf("marketing"))).toBe(false);
  });

  it("never lists both for any role of the house", () => {
    for (const role of staffRoleNames()) {
      const both = labels(role).includes("Dashboard") && labels(role).includes("Outcomes");
      expect(both, role).toBe(false);
    }
  });
});
