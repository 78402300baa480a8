/**
 * The page a form posted from a role's page is returned on (JavaScript off): the role's own page
 * as /career/<slug> shows it now (server/careers/ renders it into its template), so the candidate
 * stays with the role they read, its description above the form. Only while the role is open; a
 * role that closed meanwhile is returned on the careers page, as any application is.
 */
import type { JobRole } from "../../contracts/careers/roles";
import { isOpen } from "../../contracts/careers/roles";
import { fillTemplate, type CareersTemplates } from "../careers/careers-pages";

export type RolePage = (role: JobRole) => string | undefined;

export function rolePageOf(templates: CareersTemplates, now: () => Date): RolePage {
  return (role) => {
    if (!isOpen(role, now())) return undefined;
    const { id: _id, state: _state, ...shown } = role;
    return fillTemplate(templates.role, templates.renderer.role(shown));
  };
}
