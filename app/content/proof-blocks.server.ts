/**
 * The proof blocks a page shows from the content store (decision 079), checked again against
 * their schemas: a row written around the store (or under an older schema) is left out, never
 * shown half-made. A client logo without its recorded permission fails `clientLogoItem` and is
 * therefore never drawn, whatever the row holds. None of these has a Markdown source: without the
 * store (the prerender) each answers nothing and the page shows what it shows today.
 */
import {
  clientLogoItem,
  partnerBadgeItem,
  testimonialItem,
  type CollectionName,
  type TestimonialItem,
} from "@contracts/content/items";
import type { ImageMeta } from "@contracts/content/site-context";
import type { AppLoadContext } from "react-router";
import type { z } from "zod";
import { proofBlocks } from "./proof-blocks";

/** The live items of a collection that pass its schema: a previewed draft first, then the newest. */
function liveOf<S extends z.ZodType>(context: AppLoadContext | undefined, collection: CollectionName, schema: S) {
  const content = context?.content;
  const items = [...(content?.items[collection] ?? [])];
  const preview = content?.preview?.collection === collection ? content.preview.slug : undefined;
  items.sort(
    (a, b) =>
      Number(b.slug === preview) - Number(a.slug === preview) ||
      b.publishedAt.localeCompare(a.publishedAt) ||
      a.slug.localeCompare(b.slug),
  );
  return items.flatMap((item) => {
    const parsed = schema.safeParse(item.data);
    return parsed.success ? [parsed.data as z.infer<S>] : [];
  });
}

const imageIn = (context: AppLoadContext | undefined, id: string): ImageMeta | undefined =>
  context?.content?.images[id];

/** The testimonial the home page shows: the newest live one, or none (the case study's quote then). */
export function storedTestimonial(context: AppLoadContext | undefined): TestimonialItem | undefined {
  return liveOf(context, "testimonials", testimonialItem)[0];
}

export interface ClientLogoView {
  title: string;
  image: ImageMeta;
  alt: string;
}

/** The client logos with a recorded permission and an image, by the client's name. */
export function clientLogosFrom(context: AppLoadContext | undefined): ClientLogoView[] {
  return liveOf(context, "client-logos", clientLogoItem)
    .flatMap((logo) => {
      const image = imageIn(context, logo.logo.imageId);
      return image ? [{ title: logo.title, image, alt: logo.logo.alt }] : [];
    })
    .sort((a, b) => a.title.localeCompare(b.title));
}

export interface PartnerBadgeView {
  title: string;
  image: ImageMeta;
  alt: string;
  /** The programme's own directory, where anyone can check the membership. */
  evidence: string;
  since: number;
}

/** The partner badges with an image, by the programme's name. */
export function partnerBadgesFrom(context: AppLoadContext | undefined): PartnerBadgeView[] {
  return liveOf(context, "partner-badges", partnerBadgeItem)
    .flatMap((badge) => {
      const image = imageIn(context, badge.badge.imageId);
      return image
        ? [{ title: badge.title, image, alt: badge.badge.alt, evidence: badge.evidence, since: badge.since }]
        : [];
    })
    .sort((a, b) => a.title.localeCompare(b.title));
}

/** Whether the page renders a preview of a proof block's draft (the page then says noindex). */
export function isProofPreview(context: AppLoadContext | undefined): boolean {
  const preview = context?.content?.preview;
  return preview !== undefined && proofBlocks.some((b) => b.store === preview.collection);
}
