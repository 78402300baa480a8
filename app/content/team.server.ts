/**
 * The team the site shows, from one of two sources (decisions 067 and 078): the content store's
 * live team members when the server renders the page with them in its load context
 * (`context.content`), else the repository's team.json (the prerender, which has no context).
 * The one function the team page calls.
 */
import { teamMemberItem } from "@contracts/content/items";
import type { SiteContent } from "@contracts/content/site-context";
import type { AppLoadContext } from "react-router";
import type { StudyPicture } from "./case-study-summary";
import { shownCollection } from "./collections";
import { team } from "./company-pages";

export interface TeamMemberView {
  /** Unique on the page: the stored slug, or the person's name for the repository's data. */
  id: string;
  name: string;
  position: string;
  bio: string;
  /** An https linkedin.com address (both sources are checked for it). */
  linkedin?: string;
  /** The photo: the repository's drawing, or an uploaded image in its square crop. */
  picture: StudyPicture | null;
}

const store = shownCollection("team").store;

/** The store's live team in their order; undefined when the store holds none (team.json then). */
function storedTeam(content: SiteContent | undefined): TeamMemberView[] | undefined {
  const items = content?.items[store];
  if (!items?.length) return undefined;
  const people: (TeamMemberView & { order: number })[] = [];
  for (const item of items) {
    // Checked when it went live; checked again so that a row written around the store is left out
    // rather than breaking the page.
    const parsed = teamMemberItem.safeParse(item.data);
    if (!parsed.success) continue;
    const { slug, name, position, bio, linkedin, photo, order } = parsed.data;
    const image = content!.images[photo.imageId];
    people.push({
      id: slug,
      name,
      position,
      bio,
      linkedin,
      order,
      // A photo deleted around the store leaves the person without a picture, not off the page.
      picture: image ? { image, alt: photo.alt } : null,
    });
  }
  return people
    .sort((a, b) => a.order - b.order || a.name.localeCompare(b.name))
    .map(({ order: _order, ...person }) => person);
}

function repositoryTeam(): TeamMemberView[] {
  return team.map((m) => ({
    id: m.name,
    name: m.name,
    position: m.position,
    bio: m.bio,
    linkedin: m.linkedin,
    picture: { src: m.image, alt: `Illustrated portrait of ${m.name}` },
  }));
}

/** The team the page shows, in its order: the store's when the server gave them, else team.json's. */
export function teamFrom(context: AppLoadContext | undefined): TeamMemberView[] {
  return storedTeam(context?.content) ?? repositoryTeam();
}
