/**
 * Byte budgets per route, measured from the build as a browser fetches it: the HTML document,
 * its scripts (the modules it boots and everything they import), its stylesheets and its images,
 * each gzip-compressed. `npm run budgets` prints the table; the e2e suite fails on a breach.
 */
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { isFormIsland } from "../app/islands/names";

/**
 * The targets: gzip bytes per route (fonts: their own bytes, as woff2 is compressed already). JS is
 * what a page loads before any interaction (the islands entry and its shell islands, decision
 * 041); `form` is all of a form's own code: the island fetched when the visitor starts using the
 * form, and what its first submit fetches (the validator, the phone rules, the proof of work).
 */
export const budgets = {
  js: 20 * 1024,
  form: 60 * 1024,
  css: 25 * 1024,
  html: 20 * 1024,
  image: 100 * 1024,
  font: 64 * 1024,
} as const;

/** Every image a route loads, added up (gzip bytes, as served): the target per route. */
export const imageBudget = 120 * 1024;

export interface RouteBytes {
  route: string;
  html: number;
  js: number;
  /** A form island's code beyond the page's own (the largest, if several): fetched on first use. */
  form: number;
  /** What a form fetches on its first submit beyond that (the validator, the proof of work). */
  submit: number;
  /** A form's code in all, island and first submit (the largest form's, if several): the form budget. */
  formTotal: number;
  css: number;
  /** A form's later sheet (decisions 061, 083): the rules its states need, fetched with its code. */
  later: number;
  largestImage: number;
  /** All images of the page added up, gzip: see pageImageBytes. */
  images: number;
  /** Every font file the page preloads, its CSS asks for or its head script loads, counted once. */
  fonts: number;
}

const gz = (buf: Buffer) => zlib.gzipSync(buf, { level: 9 }).length;

function fileFor(buildDir: string, url: string): string {
  return path.join(buildDir, decodeURIComponent(url.split("?")[0]!));
}

/**
 * Every script a page loads before it is interactive: the modules its boot script names (see
 * server/render/boot-loader.ts) and, transitively, their static imports. Dynamic imports inside the
 * bundle (the form schemas, loaded on first use) are not part of a page load and are left out.
 */
function pageScripts(buildDir: string, html: string): Set<string> {
  const queue: string[] = [];
  const preload = /data-preload="([^"]*)"/.exec(html)?.[1];
  if (preload) queue.push(...(JSON.parse(preload.replace(/&quot;/g, '"')) as string[]));
  for (const m of html.matchAll(/import(?:\s+\*\s+as\s+\w+\s+from)?\s*\(?\s*"(\/assets\/[^"]+\.js)"/g))
    queue.push(m[1]!);
  return withStaticImports(buildDir, queue);
}

const staticImport = /(?:^|[;\s}])import\s*(?:[\w*{][^"']*from\s*)?["'](\.\/[^"']+\.js)["']/g;
const dynamicImport = /import\(\s*["'](\.\/[^"']+\.js)["']\s*\)/g;

/** The scripts and, transitively, their static imports. */
function withStaticImports(buildDir: string, urls: readonly string[]): Set<string> {
  const queue = [...urls];
  const seen = new Set<string>();
  while (queue.length) {
    const url = queue.shift()!;
    if (seen.has(url)) continue;
    seen.add(url);
    const code = fs.readFileSync(fileFor(buildDir, url), "utf8");
    for (const m of code.matchAll(staticImport)) queue.push(new URL(m[1]!, `http://site${url}`).pathname);
  }
  return seen;
}

/** The chunks the scripts import dynamically (relative URLs resolved). */
function dynamicImports(buildDir: string, urls: Iterable<string>): string[] {
  return [...urls].flatMap((url) =>
    [...fs.readFileSync(fileFor(buildDir, url), "utf8").matchAll(dynamicImport)].map(
      (m) => new URL(m[1]!, `http://site${url}`).pathname,
    ),
  );
}

/**
 * The code of each form island on the page (app/islands/names.ts), as the islands entry imports
 * it on first use: the island's chunk and its static imports that the page has not loaded yet;
 * and what its first submit adds (the chunks the form imports dynamically: the validator, the
 * proof of work, the answer's schema).
 */
function formScripts(
  buildDir: string,
  html: string,
  loaded: Set<string>,
): { form: Set<string>; submit: Set<string> }[] {
  const entry = [...loaded].find((u) => /\/assets\/islands-[\w-]+\.js$/.test(u));
  if (!entry) return [];
  const entryCode = fs.readFileSync(fileFor(buildDir, entry), "utf8");
  const names = [...new Set([...html.matchAll(/data-island="([\w-]+)"/g)].map((m) => m[1]!))].filter(isFormIsland);
  return names.map((name) => {
    const chunk = new RegExp(`["']\\./(island-${name}-[\\w-]+\\.js)["']`).exec(entryCode)?.[1];
    if (!chunk) throw new Error(`budgets: the islands entry names no chunk for the form island "${name}"`);
    const form = new Set([...withStaticImports(buildDir, [`/assets/${chunk}`])].filter((u) => !loaded.has(u)));
    const later = withStaticImports(buildDir, dynamicImports(buildDir, form));
    const submit = new Set([...later].filter((u) => !loaded.has(u) && !form.has(u)));
    return { form, submit };
  });
}

/**
 * Image bytes of one page: every distinct image file it loads (<img> sources, lazy ones included,
 * since a visitor who scrolls fetches them, and the icon sprite its <use> elements draw from),
 * each gzip-compressed as the server sends it. Inline SVG illustrations are part of the HTML.
 */
export function pageImageBytes(buildDir: string, html: string): number {
  const urls = new Set([
    ...[...html.matchAll(/<img[^>]+src="(\/[^"]+)"/g)].map((m) => m[1]!),
    ...[...html.matchAll(/<use href="(\/[^"#]+)#/g)].map((m) => m[1]!),
  ]);
  return [...urls].reduce((n, u) => n + gz(fs.readFileSync(fileFor(buildDir, u))), 0);
}

/** A page the server rendered on a request: its HTML, and the sheet it made for it (decision 085), by URL. */
export interface ServedPage {
  html: string;
  sheets: ReadonlyMap<string, Buffer>;
}

/**
 * A page's bytes: its prerendered file, or `served`, the HTML the server answered for a page it
 * renders per request (the careers pages, decision 055), whose other assets are the build's.
 */
export function measureRoute(buildDir: string, route: string, served?: ServedPage): RouteBytes {
  const htmlFile = path.join(buildDir, route === "/" ? "index.html" : `${route.slice(1)}/index.html`);
  const html = served === undefined ? fs.readFileSync(htmlFile) : Buffer.from(served.html, "utf8");
  const read = (u: string) => served?.sheets.get(u) ?? fs.readFileSync(fileFor(buildDir, u));
  const text = html.toString("utf8");
  const styles = [...text.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((m) => m[1]!);
  // Images: <img> sources and the icon sprite that <use> elements draw from.
  const images = [
    ...[...text.matchAll(/<img[^>]+src="(\/[^"]+)"/g)].map((m) => m[1]!),
    ...[...text.matchAll(/<use href="(\/[^"#]+)#/g)].map((m) => m[1]!),
  ];
  const sum = (urls: Iterable<string>) => [...urls].reduce((n, u) => n + gz(read(u)), 0);
  const scripts = [...pageScripts(buildDir, text)];
  const forms = formScripts(buildDir, text, new Set(scripts));
  // Fonts: preloaded by the page, named by a url() in its inline CSS or its stylesheets, or named
  // in its scripts (the brand face, which app/styles/web-font.ts loads after the page).
  const css = [text, ...styles.map((u) => read(u).toString("utf8"))].join("\n");
  const fonts = new Set([
    ...[...text.matchAll(/<link rel="preload" href="([^"]+)" as="font"/g)].map((m) => m[1]!),
    ...[...css.matchAll(/url\((\/[^)"']+\.woff2?)\)/g)].map((m) => m[1]!),
    ...scripts
      .flatMap((u) => [...fs.readFileSync(fileFor(buildDir, u), "utf8").matchAll(/"(\/assets\/[\w.-]+\.woff2)"/g)])
      .map((m) => m[1]!),
  ]);
  return {
    route,
    html: gz(html),
    js: sum(scripts),
    form: Math.max(0, ...forms.map((f) => sum(f.form))),
    submit: Math.max(0, ...forms.map((f) => sum(f.submit))),
    formTotal: Math.max(0, ...forms.map((f) => sum(f.form) + sum(f.submit))),
    css: sum(new Set(styles)),
    later: sum(text.match(/data-later-css="([^"]+)"/)?.slice(1) ?? []),
    largestImage: Math.max(0, ...images.map((u) => fs.statSync(fileFor(buildDir, u)).size)),
    images: pageImageBytes(buildDir, text),
    fonts: [...fonts].reduce((n, u) => n + fs.statSync(fileFor(buildDir, u)).size, 0),
  };
}

export function breaches(r: RouteBytes): string[] {
  const out: string[] = [];
  if (r.js > budgets.js) out.push(`${r.route}: JS ${r.js} B > ${budgets.js}`);
  if (r.formTotal > budgets.form)
    out.push(`${r.route}: form JS ${r.formTotal} B (first use and first submit) > ${budgets.form}`);
  if (r.css > budgets.css) out.push(`${r.route}: CSS ${r.css} B > ${budgets.css}`);
  if (r.html > budgets.html) out.push(`${r.route}: HTML ${r.html} B > ${budgets.html}`);
  if (r.largestImage > budgets.image) out.push(`${r.route}: image ${r.largestImage} B > ${budgets.image}`);
  if (r.images > imageBudget) out.push(`${r.route}: images ${r.images} B > ${imageBudget}`);
  if (r.fonts > budgets.font) out.push(`${r.route}: fonts ${r.fonts} B > ${budgets.font}`);
  return out;
}

export function formatTable(rows: RouteBytes[]): string {
  const kb = (n: number) => (n / 1024).toFixed(1).padStart(7);
  const lines = rows.map(
    (r) =>
      `${r.route.padEnd(44)}${kb(r.html)}${kb(r.js)}${kb(r.form)}${kb(r.submit)}${kb(r.css)}${kb(r.later)}${kb(r.largestImage)}${kb(r.images)}${kb(r.fonts)}`,
  );
  return [
    `${"route (KB, gzip)".padEnd(44)}${"html".padStart(7)}${"js".padStart(7)}${"form".padStart(7)}${"submit".padStart(7)}${"css".padStart(7)}${"later".padStart(7)}${"img".padStart(7)}${"images".padStart(7)}${"font".padStart(7)}`,
    ...lines,
  ].join("\n");
}

if (process.argv[1]?.endsWith("budgets.ts")) {
  const { prerenderPaths, renderedPerRequest } = await import("../app/site/prerender");
  // Every prerendered page (not the feeds, which are files of their own). The careers pages are
  // rendered per request: tests/e2e/quality.spec.ts measures them as the server answers them.
  const pages = (await prerenderPaths()).filter((r) => !renderedPerRequest.includes(r));
  const rows = pages.map((r) => measureRoute(path.resolve("build/client"), r));
  console.log(formatTable(rows));
  const failed = rows.flatMap(breaches);
  if (failed.length) {
    console.error(failed.join("\n"));
    process.exit(1);
  }
}
