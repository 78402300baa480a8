/**
 * The console's pages: one table that App.tsx routes by and Layout.tsx builds the menu from.
 * Each page names the permissions it is for, any one of which will do (contracts/staff/permissions.ts);
 * the server's routes ask the same, whatever the menu shows.
 */
import type { ReactNode } from "react";
import { canAny, readPermissions, type Permission } from "@contracts/staff/permissions";
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

/** Anyone who reads a kind of submission: the inbox and a submission's page. */
const readers = readPermissions;
const postings: Permission[] = ["postings:edit"];
const applications: Permission[] = ["submissions:read:application"];

export interface ConsolePage {
  /** `/admin/…`, with `:id` for a number. */
  path: string;
  /** Shown in the menu when set. */
  label?: string;
  /** Shown to those who hold any one of these. */
  anyOf: readonly Permission[];
  render: (params: { id: number; staff: Staff }) => ReactNode;
}

export const consolePages: ConsolePage[] = [
  { path: "/admin", label: "Inbox", anyOf: readers, render: ({ staff }) => <InboxPage staff={staff} /> },
  {
    path: "/admin/submissions/:id",
    anyOf: readers,
    // Keyed by id: Previous and Next open another submission in a fresh page, not the last one's state.
    render: ({ id, staff }) => <SubmissionPage key={id} id={id} staff={staff} />,
  },
  // Job postings on the careers page (server/console/role-routes.ts).
  { path: "/admin/roles", label: "Roles", anyOf: postings, render: () => <RolesPage /> },
  { path: "/admin/roles/new", anyOf: postings, render: () => <RoleEditPage id={null} /> },
  { path: "/admin/roles/:id", anyOf: postings, render: ({ id }) => <RoleEditPage id={id} /> },
  {
    path: "/admin/submissions/:id/candidate",
    anyOf: applications,
    render: ({ id }) => <CandidatePage key={id} id={id} />,
  },
  { path: "/admin/hiring", label: "Hiring", anyOf: applications, render: () => <HiringPage /> },
  { path: "/admin/hiring/:id", anyOf: applications, render: ({ id }) => <HiringRolePage key={id} id={id} /> },
  {
    path: "/admin/due",
    label: "Due for deletion",
    anyOf: ["applications:retention"],
    render: ({ staff }) => <DuePage staff={staff} />,
  },
  { path: "/admin/quarantine", label: "Quarantine", anyOf: ["quarantine:manage"], render: () => <QuarantinePage /> },
  {
    path: "/admin/quarantine/:id",
    anyOf: ["quarantine:manage"],
    render: ({ id }) => <QuarantineDetailPage id={id} />,
  },
  { path: "/admin/outbox", label: "Outbox", anyOf: ["outbox:manage"], render: () => <OutboxPage /> },
  { path: "/admin/audit", label: "Audit log", anyOf: ["audit:read"], render: () => <AuditPage /> },
  {
    path: "/admin/people",
    label: "People",
    anyOf: ["people:manage"],
    render: ({ staff }) => <PeoplePage staff={staff} />,
  },
  { path: "/admin/copy", label: "Copy of data", anyOf: ["submissions:copy"], render: () => <PeoplesCopyPage /> },
  { path: "/admin/templates", label: "E-mail templates", anyOf: ["templates:edit"], render: () => <TemplatesPage /> },
  { path: "/admin/routing", label: "Alerts and routing", anyOf: ["routing:edit"], render: () => <RoutingPage /> },
  // The application form's positions: administrators add and retire, HR reads (decision 040).
  {
    path: "/admin/positions",
    label: "Positions",
    anyOf: ["positions:read"],
    render: ({ staff }) => <PositionsPage staff={staff} />,
  },
];

/** The page at this address for this person, with its id, or undefined (not found, or not theirs). */
export function matchPage(path: string, staff: Staff): { page: ConsolePage; id: number } | undefined {
  const clean = path.length > "/admin".length ? path.replace(/\/$/, "") : path;
  for (const page of consolePages) {
    if (!canAny(staff, page.anyOf)) continue;
    const pattern = new RegExp(`^${page.path.replace(":id", "(\\d+)")}$`);
    const m = pattern.exec(clean);
    if (m) return { page, id: Number(m[1] ?? 0) };
  }
  return undefined;
}

/** The menu for this person. */
export function menuFor(staff: Staff): { href: string; label: string }[] {
  return consolePages.filter((p) => p.label && canAny(staff, p.anyOf)).map((p) => ({ href: p.path, label: p.label! }));
}
