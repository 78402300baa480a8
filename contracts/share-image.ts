/**
 * A page's share picture (Open Graph image) as both of its drawers see it: the build, for every
 * page it prerenders (scripts/og-images.ts), and the server, for each role page it renders from the
 * database (server/careers/routes.ts). The words come from app/lib/share-image.ts (for role pages,
 * through the careers renderer); server/share-image/draw.ts draws them.
 */

/** Where the pictures live on the site: /og/<page path>.png ("/" is /og/index.png). */
export const shareImageDir = "og";

/** The size LinkedIn, Slack, X and Facebook show large (1.91:1). */
export const shareImageSize = { width: 1200, height: 630 } as const;

/** What a picture says. */
export interface SharePictureContent {
  /** The page's title, as large as three lines allow. */
  title: string;
  /** The kind of page, above the title: "Service", "Careers". */
  kind: string;
  /** The company's short name, beside the logo. */
  brand: string;
  /** The site's host, bottom right: "altivacloud.com". */
  host: string;
}
