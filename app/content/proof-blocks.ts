/**
 * The proof blocks (issue 41, decision 079): testimonials, client logos and partner badges, kept in
 * the content store and shown on the pages named here. They have no pages of their own: once the
 * store holds a live item of one, the server renders these pages per request with it (the root
 * route's `livePages`, app/content/live-pages.ts); until then the pages show what the build has
 * (the case study's quote, the clients' industries, no badge).
 */
import type { ShownCollection } from "./collections";

/** A proof block: a shown collection without a page of its own. */
export type ProofBlock = ShownCollection & { page?: undefined; shownOn: NonNullable<ShownCollection["shownOn"]> };

export const proofBlocks: readonly ProofBlock[] = [
  { store: "testimonials", shownOn: ["home"] },
  { store: "client-logos", shownOn: ["home"] },
  { store: "partner-badges", shownOn: ["home"] },
];
