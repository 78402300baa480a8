/**
 * The careers pages as the server answers them (issue 26, docs/decisions/032): the prerendered
 * templates of /career and of a role's page, with the part made from roles replaced per request
 * by what the build's renderer (build/careers/pages.js) renders from the database's roles.
 * Loaded once, at start; nothing here imports app/ source.
 */
import fs from "node:fs";
import path from "node:path";
import type { CareersRenderer, RenderedParts } from "../../contracts/careers/pages-renderer";
import { careersRendererFile } from "./renderer-file";

/** A template cut at its sample parts: the page before, between and after them. */
interface Template {
  /** The pieces around the parts, in the page's order: head, scripts, body, choices (absent parts left out). */
  pieces: string[];
  /** Which parts the template holds, in that order. */
  parts: (keyof RenderedParts)[];
  /** The template's file, relative to the client build (its key in csp-hashes.json). */
  file: string;
}

/** In the page's order: /career's form choices come after its open roles (decision 040). */
const partOrder: (keyof RenderedParts)[] = ["head", "scripts", "body", "choices"];

/**
 * Cuts a template at its sample parts. A part the renderer renders differently from the template,
 * or finds more than once, is an error at start: serving the page would put the live part beside
 * the sample, not in its place.
 */
export function cutTemplate(html: string, sample: RenderedParts, file: string): Template {
  const parts = partOrder.filter((part) => sample[part] !== "");
  const pieces: string[] = [];
  let from = 0;
  for (const part of parts) {
    const at = html.indexOf(sample[part], from);
    if (at < 0 || html.indexOf(sample[part], at + 1) >= 0) {
      throw new Error(
        `The careers template ${file} does not hold its sample ${part} exactly once, after the parts before it, ` +
          `as the renderer renders it: rebuild with "npm run build".`,
      );
    }
    pieces.push(html.slice(from, at));
    from = at + sample[part].length;
  }
  pieces.push(html.slice(from));
  return { pieces, parts, file };
}

/** The page with the live parts in place of the sample (plain concatenation: no replacement patterns). */
export function fillTemplate(template: Template, live: RenderedParts): string {
  return template.parts.reduce((page, part, i) => page + live[part] + template.pieces[i + 1], template.pieces[0]!);
}

export interface CareersTemplates {
  renderer: CareersRenderer;
  list: Template;
  role: Template;
  /** The build's sitemap.xml, to which the open roles are added. */
  sitemap: string;
}

const fileOf = (pagePath: string) => `${pagePath.slice(1)}/index.html`;

/** Loads the renderer and both templates once, at start; fails loudly when the build does not fit. */
export async function loadCareersTemplates(buildDir: string): Promise<CareersTemplates> {
  const rendererUrl = careersRendererFile(buildDir);
  const rendererPath = path.join(buildDir, "..", "careers", "pages.js");
  if (!fs.existsSync(rendererPath)) throw new Error(`Missing ${rendererPath}: run "npm run build" to make it.`);
  const { renderer } = (await import(rendererUrl)) as { renderer: CareersRenderer };
  const read = (pagePath: string) => fs.readFileSync(path.join(buildDir, fileOf(pagePath)), "utf8");
  return {
    renderer,
    list: cutTemplate(read(renderer.templates.list), renderer.sample.list, fileOf(renderer.templates.list)),
    role: cutTemplate(read(renderer.templates.role), renderer.sample.role, fileOf(renderer.templates.role)),
    sitemap: fs.readFileSync(path.join(buildDir, "sitemap.xml"), "utf8"),
  };
}

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
