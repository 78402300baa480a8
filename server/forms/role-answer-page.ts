/**
 * The pages an application posted without JavaScript is answered on (answer-pages.ts). From a role's
 * page: the role's own page as /career/<slug> shows it now (rendered by the site's server build, decision 055),
 * so the candidate stays with the role they read, its description above the form. Only while the
 * role is open; a role that closed meanwhile is returned on the careers page, as any application
 * is: the careers page as /career shows it now, never the build's sample roles.
 */
import { LRUCache } from "lru-cache";
import type { JobPosting } from "../../contracts/careers/roles";
import { careerPath, isOpen } from "../../contracts/careers/roles";
import type { Storage } from "../db/db";
import { publishedRoles } from "../postings/job-roles";
import { offeredPositions } from "../postings/positions";
import { rolePath } from "../../contracts/careers/roles";
import type { SiteRenderer } from "../render/site-render";
import type { AnswerPlace } from "./answer-pages";

export type RolePage = (role: JobPosting) => Promise<AnswerPlace | undefined>;

/** Where a role page that cannot be rendered is said, once per role as saved (the request's log). */
export type RenderFailure = (error: unknown, slug: string) => void;

/**
 * Both pages' forms offer the positions the table offers now (decision 040), as /career does.
 * A role whose description the renderer cannot take (saved before saves were checked,
 * console/role-routes.ts) has no page here: the form goes back on the careers page instead, still
 * for that role, with what the candidate typed and what to change, as /career/<slug> answers its
 * 500. Said once per role as saved, and not rendered again until it is saved again. Whether a
 * role's page renders is found once per role as saved, by rendering it.
 */
export function rolePageOf(
  site: SiteRenderer,
  storage: Storage,
  now: () => Date,
  failed: RenderFailure = () => {},
): RolePage {
  const renders = new LRUCache<string, boolean>({ max: 256 });
  return async (role) => {
    if (!isOpen(role, now())) return undefined;
    const saved = `${role.slug}@${role.updatedAt}`;
    const { id: _id, state: _state, ...shown } = role;
    const positions = await offeredPositions(storage);
    const place = { path: rolePath(role.slug), careers: { kind: "role", role: shown, positions } as const };
    if (!renders.has(saved)) {
      try {
        await site.render(place.path, { careers: place.careers });
        renders.set(saved, true);
      } catch (error) {
        renders.set(saved, false);
        failed(error, role.slug);
      }
    }
    return renders.get(saved) ? place : undefined;
  };
}

/** The careers page with the roles open now, unfiltered: where any other application is answered. */
export function careersPageOf(storage: Storage, now: () => Date): () => Promise<AnswerPlace> {
  return async () => {
    const moment = now();
    const open = (await publishedRoles(storage)).filter((role) => isOpen(role, moment));
    const shown = open.map(({ id: _id, state: _state, ...role }) => role);
    const positions = await offeredPositions(storage);
    return { path: careerPath, careers: { kind: "list", roles: shown, query: {}, positions } };
  };
}
