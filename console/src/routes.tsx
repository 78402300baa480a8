/**
 * The console's pages: one table that the router (router.tsx) is built from and Layout.tsx builds
 * the menu from. Each page names the permissions it is for, any one of which will do
 * (contracts/staff/permissions.ts); the server's routes ask the same, whatever the menu shows.
 */
import type { ReactNode } from "react";
import { canAny, readPermissions, type Permission } from "@contracts/staff/permissions";
import type { Staff } from "./api";
import type { HiddenState } from "./hidden-state";
import { AccountPage, accountLoader } from "./features/account/AccountPage";
import { AuditPage, auditLoader } from "./features/audit/AuditPage";
import { CandidatePage, candidateLoader } from "./features/hiring/CandidatePage";
import { HiringPage, hiringLoader } from "./features/hiring/HiringPage";
import { HiringRolePage, hiringRoleLoader } from "./features/hiring/HiringRolePage";
import { DuePage, dueLoader } from "./features/due/DuePage";
import { InboxPage } from "./features/inbox/InboxPage";
import { inboxLoader } from "./features/inbox/inbox-loader";
import { OutboxPage, outboxLoader } from "./features/outbox/OutboxPage";
import { PeoplePage, peopleLoader } from "./features/people/PeoplePage";
import { PeoplesCopyPage } from "./features/copy/PeoplesCopyPage";
import { QuarantineDetailPage, quarantineDetailLoader } from "./features/quarantine/QuarantineDetailPage";
import { QuarantinePage, quarantineLoader } from "./features/quarantine/QuarantinePage";
import { RoleEditPage, roleLoader } from "./features/postings/RoleEditPage";
import { RolesPage, rolesLoader } from "./features/postings/RolesPage";
import { RoutingPage, routingLoader } from "./features/routing/RoutingPage";
import { SubmissionPage } from "./features/submission/SubmissionPage";
import { submissionLoader } from "./features/submission/submission-loader";
import { TemplatesPage, templatesLoader } from "./features/templates/TemplatesPage";
import { PositionsPage, positionsLoader } from "./features/positions/PositionsPage";
import { DashboardPage } from "./features/dashboard/DashboardPage";
import { dashboardLoader } from "./features/dashboard/dashboard-loader";
import { OutcomesPage, outcomesLoader } from "./features/dashboard/OutcomesPage";
import { RedirectsPage, redirectsLoader } from "./features/redirects/RedirectsPage";
import { collectionNames } from "@contracts/content/items";
import { redirect } from "react-router";
import { ContentListPage } from "./features/content/ContentListPage";
import { ContentEditPage } from "./features/content/ContentEditPage";
import { contentItemLoader, contentListLoader } from "./features/content/content-loaders";
import { editableCollections } from "./features/content/collection-forms";

/** Anyone who reads a kind of submission: the inbox and a submission's page. */
const readers = readPermissions;
const postings: Permission[] = ["postings:edit"];
const applications: Permission[] = ["submissions:read:application"];
const content: Permission[] = ["content:edit"];

export interface ConsolePage {
  /** Under /admin (the router's basename): "/" is the inbox, `:id` a number. */
  path: string;
  /** Shown in the menu when set. */
  label?: string;
  /** Shown to those who hold any one of these; to others the page is not found. */
  anyOf: readonly Permission[];
  /** For everyone signed in, whatever their permissions (their own account). */
  everyone?: true;
  /** Left out of the menu (not closed) for those who hold any of these: a fuller page shows them the same. */
  notInMenuFor?: readonly Permission[];
  /** `:id` may also be "new" (then the page is given 0). */
  orNew?: true;
  /**
   * The page's data, loaded before the page is drawn (the page reads it with useLoaderData), from
   * the id, the address's query (a list's filter, never personal data), the history entry's hidden
   * state (search words) and the person signed in.
   */
  load?: PageLoader;
  render: (params: { id: number; staff: Staff }) => ReactNode;
}

export type PageLoader = (
  id: number,
  search: URLSearchParams,
  entry: { hidden: HiddenState; staff: Staff },
) => Promise<unknown>;

export const consolePages: ConsolePage[] = [
  {
    path: "/",
    label: "Inbox",
    anyOf: readers,
    load: inboxLoader,
    render: ({ staff }) => <InboxPage staff={staff} />,
  },
  // The marketing dashboard (decision 057): counts only, for marketing and administrators.
  {
    path: "/dashboard",
    label: "Dashboard",
    anyOf: ["dashboard:read"],
    load: dashboardLoader,
    render: ({ staff }) => <DashboardPage staff={staff} />,
  },
  // Its lead funnel without page views, for those who set outcomes (sales; decision 057). Whoever
  // reads the dashboard (administrators) has the same funnel there: not a second menu item (075).
  {
    path: "/outcomes",
    label: "Outcomes",
    anyOf: ["enquiries:outcome"],
    notInMenuFor: ["dashboard:read"],
    load: outcomesLoader,
    render: () => <OutcomesPage />,
  },
  {
    path: "/submissions/:id",
    anyOf: readers,
    load: submissionLoader,
    // Keyed by id: Previous and Next open another submission in a fresh page, not the last one's state.
    render: ({ id, staff }) => <SubmissionPage key={id} id={id} staff={staff} />,
  },
  // Job postings on the careers page (server/console/role-routes.ts).
  { path: "/roles", label: "Roles", anyOf: postings, load: rolesLoader, render: () => <RolesPage /> },
  // One route for a new role and a saved one: after the first save the editor moves to the role's
  // address and stays mounted, with the answer in hand.
  { path: "/roles/:id", orNew: true, anyOf: postings, load: roleLoader, render: () => <RoleEditPage /> },
  {
    path: "/submissions/:id/candidate",
    anyOf: applications,
    load: candidateLoader,
    render: ({ id }) => <CandidatePage key={id} id={id} />,
  },
  { path: "/hiring", label: "Hiring", anyOf: applications, load: hiringLoader, render: () => <HiringPage /> },
  {
    path: "/hiring/:id",
    anyOf: applications,
    load: hiringRoleLoader,
    render: ({ id }) => <HiringRolePage key={id} />,
  },
  {
    path: "/due",
    label: "Due for deletion",
    anyOf: ["applications:retention"],
    load: dueLoader,
    render: ({ staff }) => <DuePage staff={staff} />,
  },
  {
    path: "/quarantine",
    label: "Quarantine",
    anyOf: ["quarantine:manage"],
    load: quarantineLoader,
    render: () => <QuarantinePage />,
  },
  {
    path: "/quarantine/:id",
    anyOf: ["quarantine:manage"],
    load: quarantineDetailLoader,
    render: ({ id }) => <QuarantineDetailPage key={id} id={id} />,
  },
  { path: "/outbox", label: "Outbox", anyOf: ["outbox:manage"], load: outboxLoader, render: () => <OutboxPage /> },
  { path: "/audit", label: "Audit log", anyOf: ["audit:read"], load: auditLoader, render: () => <AuditPage /> },
  {
    path: "/people",
    label: "People",
    anyOf: ["people:manage"],
    load: peopleLoader,
    render: ({ staff }) => <PeoplePage staff={staff} />,
  },
  { path: "/copy", label: "Copy of data", anyOf: ["submissions:copy"], render: () => <PeoplesCopyPage /> },
  {
    path: "/templates",
    label: "E-mail templates",
    // Decision e-mails are recruiters' (HR's), reply templates sales's admins' (decision 071).
    anyOf: ["templates:edit", "decision-templates:edit"],
    load: templatesLoader,
    render: () => <TemplatesPage />,
  },
  {
    path: "/routing",
    label: "Alerts and routing",
    anyOf: ["routing:edit"],
    load: routingLoader,
    render: () => <RoutingPage />,
  },
  // The application form's positions: administrators add and retire, HR reads (decision 040).
  {
    path: "/positions",
    label: "Positions",
    anyOf: ["positions:read"],
    load: positionsLoader,
    render: ({ staff }) => <PositionsPage staff={staff} />,
  },
  // Old addresses of the site sent on to a page (decision 062); the dashboard's "Pages not found" links here.
  {
    path: "/redirects",
    label: "Redirects",
    anyOf: ["redirects:manage"],
    load: redirectsLoader,
    render: () => <RedirectsPage />,
  },
  // Marketing's content (decisions 065, 068): "Content" opens the first collection; each collection
  // the API names has its list and its editor, so a new collection's pages come with its entry.
  {
    path: "/content",
    label: "Content",
    anyOf: content,
    load: () => {
      throw redirect(`/content/${collectionNames[0]}`);
    },
    render: () => null,
  },
  ...collectionNames.flatMap((collection): ConsolePage[] => [
    {
      path: `/content/${collection}`,
      anyOf: content,
      load: contentListLoader(collection),
      render: () => <ContentListPage />,
    },
    ...(editableCollections.has(collection)
      ? [
          {
            path: `/content/${collection}/:id`,
            orNew: true as const,
            anyOf: content,
            load: contentItemLoader(collection),
            render: ({ staff }: { staff: Staff }) => <ContentEditPage staff={staff} />,
          },
        ]
      : []),
  ]),
  // The person's own account and signature (decision 073): linked from their name, not the menu.
  { path: "/account", anyOf: [], everyone: true, load: accountLoader, render: () => <AccountPage /> },
];

/** Whether this person may open this page. */
export function mayOpen(page: ConsolePage, staff: Staff): boolean {
  return page.everyone === true || canAny(staff, page.anyOf);
}

/** The menu for this person: addresses under /admin. */
export function menuFor(staff: Staff): { to: string; label: string }[] {
  return consolePages
    .filter((p) => p.label && mayOpen(p, staff) && !canAny(staff, p.notInMenuFor ?? []))
    .map((p) => ({ to: p.path, label: p.label! }));
}
