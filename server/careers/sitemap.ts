/** The sitemap the server answers: the build's file (build/client/sitemap.xml) and the open roles (issue 26). */
const escapeXml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/**
 * The build's sitemap with one entry per open role, its lastmod the day the role last changed.
 * Roles' addresses are absolute on the build's own origin (that of its /career entry).
 */
export function sitemapWithRoles(
  sitemap: string,
  roles: readonly { slug: string; updatedAt: string }[],
  listPath: string,
): string {
  const listLoc = new RegExp(`<loc>(https?://[^<]+?)${listPath}</loc>`).exec(sitemap);
  if (!listLoc) throw new Error(`The build's sitemap has no entry for ${listPath}.`);
  const origin = listLoc[1]!;
  const entries = roles
    .map(
      (r) =>
        `  <url><loc>${escapeXml(`${origin}${listPath}/${r.slug}`)}</loc><lastmod>${r.updatedAt.slice(0, 10)}</lastmod></url>\n`,
    )
    .join("");
  const end = sitemap.lastIndexOf("</urlset>");
  return sitemap.slice(0, end) + entries + sitemap.slice(end);
}
