/**
 * The console's pages: one table that App.tsx routes by and Layout.tsx builds the menu from.
 * Each page names the roles it is for; the server refuses other roles whatever the menu shows.
 */
import type { ReactNode } from "react";
import type { Staff } from "./api";
import { AuditPage } from "./pages/AuditPage";
import { CandidatePage } from "./pages/CandidatePage";
import { HiringPage } from "./pages/HiringPage";
import { HiringRolePage } from "./pages/HiringRolePage";
import { DuePage } from "./pages/DuePage";
import { InboxPage } from "./pages/InboxPage";
import { OutboxPage } from "./pages/OutboxPage";
import { PeoplePage } from "./pages/PeoplePage";
import { PeoplesCopyPage } from "./pages/PeoplesCopyPage";
import { QuarantineDetailPage } from "./pages/QuarantineDetailPage";
import { QuarantinePage } from "./pages/QuarantinePage";
import { RoleEditPage } from "./pages/RoleEditPage";
import { RolesPage } from "./pages/RolesPage";
import { RoutingPage } from "./pages/RoutingPage";
import { SubmissionPage } from "./pages/SubmissionPage";
import { TemplatesPage } from "./pages/TemplatesPage";
import { PositionsPage } from "./pages/PositionsPage";

type Role = Staff["role"];
const everyone: Role[] = ["admin", "hr", "sales"];
const hiring: Role[] = ["admin", "hr"];

export interface ConsolePage {
  /** `/admin/…`, with `:id` for a number. */
  path: string;
  /** Shown in the menu when set. */
  label?: string;
  roles: readonly Role[];
  render: (params: { id: number; staff: Staff }) => ReactNode;
}

export const consolePages: ConsolePage[] = [
  { path: "/admin", label: "Inbox", roles: everyone, render: ({ staff }) => <InboxPage staff={staff} /> },
  {
    path: "/admin/submissions/:id",
    roles: everyone,
    // Keyed by id: Previous and Next open another submission in a fresh page, not the last one's state.
    render: ({ id, staff }) => <SubmissionPage key={id} id={id} staff={staff} />,
  },
  // Roles on the careers page: HR and administrators (server/console/role-routes.ts).
  { path: "/admin/roles", label: "Roles", roles: hiring, render: () => <RolesPage /> },
  { path: "/admin/roles/new", roles: hiring, render: () => <RoleEditPage id={null} /> },
  { path: "/admin/roles/:id", roles: hiring, render: ({ id }) => <RoleEditPage id={id} /> },
  {
    path: "/admin/submissions/:id/candidate",
    roles: ["admin", "hr"],
    render: ({ id }) => <CandidatePage key={id} id={id} />,
  },
  { path: "/admin/hiring", label: "Hiring", roles: ["admin", "hr"], render: () => <HiringPage /> },
  { path: "/admin/hiring/:id", roles: ["admin", "hr"], render: ({ id }) => <HiringRolePage key={id} id={id} /> },
  {
    path: "/admin/due",
    label: "Due for deletion",
    roles: ["admin", "hr"],
    render: ({ staff }) => <DuePage staff={staff} />,
  },
  { path: "/admin/quarantine", label: "Quarantine", roles: ["admin"], render: () => <QuarantinePage /> },
  { path: "/admin/quarantine/:id", roles: ["admin"], render: ({ id }) => <QuarantineDetailPage id={id} /> },
  { path: "/admin/outbox", label: "Outbox", roles: ["admin"], render: () => <OutboxPage /> },
  { path: "/admin/audit", label: "Audit log", roles: ["admin"], render: () => <AuditPage /> },
  { path: "/admin/people", label: "People", roles: ["admin"], render: ({ staff }) => <PeoplePage staff={staff} /> },
  { path: "/admin/copy", label: "Copy of data", roles: ["admin"], render: () => <PeoplesCopyPage /> },
  { path: "/admin/templates", label: "E-mail templates", roles: ["admin"], render: () => <TemplatesPage /> },
  { path: "/admin/routing", label: "Alerts and routing", roles: ["admin"], render: () => <RoutingPage /> },
  // The application form's positions: administrators add and retire, HR reads (decision 040).
  {
    path: "/admin/positions",
    label: "Positions",
    roles: hiring,
    render: ({ staff }) => <PositionsPage staff={staff} />,
  },
];

/** The page at this address for this person, with its id, or undefined (not found, or not theirs). */
export function matchPage(path: string, staff: Staff): { page: ConsolePage; id: number } | undefined {
  const clean = path.length > "/admin".length ? path.replace(/\/$/, "") : path;
  for (const page of consolePages) {
    if (!page.roles.includes(staff.role)) continue;
    const pattern = new RegExp(`^${page.path.replace(":id", "(\\d+)")}$`);
    const m = pattern.exec(clean);
    if (m) return { page, id: Number(m[1] ?? 0) };
  }
  return undefined;
}

/** The menu for this person. */
export function menuFor(staff: Staff): { href: string; label: string }[] {
  return consolePages
    .filter((p) => p.label && p.roles.includes(staff.role))
    .map((p) => ({ href: p.path, label: p.label! }));
}
