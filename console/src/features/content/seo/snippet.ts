import { cutAtWord } from "@contracts/content/rich-text-text";
import { seoLimits } from "@contracts/content/seo";

/** What a search result shows before it cuts a title (about 600 px of it) and a description (about 920 px). */
export const snippetCut = { title: seoLimits.titleMax, description: seoLimits.descriptionMax } as const;

/** The page's <title> as the site writes it (app/lib/seo.ts: "<title> | <site name>"), cut as a result shows it. */
export function snippetTitle(title: string, siteName: string): string {
  return cutAtWord(`${title.trim()} | ${siteName}`, snippetCut.title);
}

export function snippetDescription(description: string): string {
  return cutAtWord(description.trim().replace(/\s+/g, " "), snippetCut.description);
}

/** The address as a result shows it: the host without www, then the path's parts ("altivacloud.com › case-studies › cloud-migration"). */
export function snippetAddress(url: string): string {
  const parsed = new URL(url);
  const parts = parsed.pathname.split("/").filter(Boolean).map(decodeURIComponent);
  return [parsed.hostname.replace(/^www\./, ""), ...parts].join(" › ");
}

export type LengthVerdict = { ok: true; text: string } | { ok: false; text: string };

/** A field's count and, when it is out of bounds, by how much and which way. */
export function lengthVerdict(length: number, min: number, max: number): LengthVerdict {
  const count = `${length} of ${min > 1 ? `${min}-` : "up to "}${max} characters`;
  if (length === 0 && min > 0) return { ok: false, text: `${count}: needed before publishing` };
  if (length > max) return { ok: false, text: `${count}: ${length - max} too many` };
  if (length < min) return { ok: false, text: `${count}: ${min - length} more needed` };
  return { ok: true, text: count };
}
