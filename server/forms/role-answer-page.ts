/**
 * The pages an application posted without JavaScript is answered on. From a role's page: the
 * role's own page as /career/<slug> shows it now (server/careers/ renders it into its template),
 * so the candidate stays with the role they read, its description above the form. Only while the
 * role is open; a role that closed meanwhile is returned on the careers page, as any application
 * is: the careers page as /career shows it now, never the build's sample roles.
 *
 * (The role page, in detail:) a form posted from a role's page is returned on (JavaScript off): the role's own page
 * as /career/<slug> shows it now (server/careers/ renders it into its template), so the candidate
 * stays with the role they read, its description above the form. Only while the role is open; a
 * role that closed meanwhile is returned on the careers page, as any application is.
 */
import type { JobRole } from "../../contracts/careers/roles";
import { isOpen } from "../../contracts/careers/roles";
import type { Storage } from "../storage/db";
import { publishedRoles } from "../storage/job-roles";
import { offeredPositions } from "../storage/positions";
import { fillTemplate, type CareersTemplates } from "../careers/careers-pages";

export type RolePage = (role: JobRole) => Promise<string | undefined>;

/** Both pages' forms offer the positions the table offers now (decision 040), as /career does. */
export function rolePageOf(templates: CareersTemplates, storage: Storage, now: () => Date): RolePage {
  return async (role) => {
    if (!isOpen(role, now())) return undefined;
    const { id: _id, state: _state, ...shown } = role;
    return fillTemplate(templates.role, templates.renderer.role(shown, await offeredPositions(storage)));
  };
}

/** The careers page with the roles open now, unfiltered: where any other application is answered. */
export function careersPageOf(templates: CareersTemplates, storage: Storage, now: () => Date): () => Promise<string> {
  return async () => {
    const moment = now();
    const open = (await publishedRoles(storage)).filter((role) => isOpen(role, moment));
    const shown = open.map(({ id: _id, state: _state, ...role }) => role);
    return fillTemplate(templates.list, templates.renderer.list(shown, {}, await offeredPositions(storage)));
  };
}
