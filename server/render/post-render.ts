/**
 * The one post-render step (docs/decisions/055): what a page React rendered needs before it is
 * served, the same at build (scripts/postbuild.ts, every prerendered page) and at run time (the
 * server's pages from the database, server/site-renderer/). From the page's HTML it makes:
 *
 * - its CSS, in place of the stylesheet's link: the rules its markup and its islands' code can use
 *   (page-css.ts, decision 061), the page's only CSS from its first paint on, as a file of its own
 *   the page links (decision 085) or, where no file can be stored, inline;
 * - the after-paint loader, which starts the islands entry and preloads the chunks of the shell
 *   islands the page holds (decision 041);
 * - the CSP hashes of its inline scripts;
 * - its brotli and gzip bytes.
 *
 * Every change is made where the HTML parser found the element (html-edits.ts); the rest of the
 * page keeps React's bytes, so a page is the same bytes prerendered or rendered from the same data.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Root } from "postcss";
import { parseSheet } from "./candidate-rules";
import zlib from "node:zlib";
import { INERT_MODULE_TYPE, LOADER } from "./boot-loader";
import {
  applyEdits,
  attr,
  attributeRemoval,
  beforeEndTag,
  elements,
  parseHtml,
  rawText,
  spanOf,
  textEdit,
  type Edit,
} from "./html-edits";
import { inputTypesOf } from "./input-parts";
import { laterCss } from "./later-css";
import { inlineScripts, pageCss, wordsOf } from "./page-css";
import { attributeWords, classListWords, pageElements } from "./page-elements";
import { dropUnreadProperties } from "./unread-properties";

/** What a page starts after its first paint (written by postbuild to build/page-boot.json). */
export interface PageBoot {
  /** The islands entry's URL. */
  entry: string;
  /** The entry and its imports: every page preloads them. */
  base: readonly string[];
  /** Per island, the chunks its page preloads beside the base; empty for a form (its code waits for use). */
  islands: Readonly<Record<string, readonly string[]>>;
  /**
   * Per island, every chunk its code runs beyond the base, forms' too: the page's CSS keeps the
   * rules whose names they hold (page-css.ts).
   */
  scripts: Readonly<Record<string, readonly string[]>>;
  /** The form islands: the rules only their code names can wait in a sheet they load on first use. */
  forms?: readonly string[];
}

export interface FinishedPage {
  html: string;
  /** CSP sources for the page's inline scripts and the one its loader inserts. */
  scriptHashes: string[];
  br: Buffer;
  gzip: Buffer;
}

export interface PostRenderOptions {
  /** The client build, where the page's stylesheet is read from. */
  clientDir: string;
  boot: PageBoot;
  /**
   * Brotli's quality: 11 (the default) at build, where time is cheap; the server passes a lower one
   * so a page rendered on a request is not held back by its compression (the HTML is the same).
   */
  brotliQuality?: number;
  /**
   * Stores the page's CSS as a file and returns its URL, which the page links, render-blocking, in
   * the stylesheet's place (decision 085): the first paint has every rule, and the HTML, without
   * them, arrives in the first round trip. Without it the CSS is inline.
   */
  pageSheet?: (css: string) => string;
  /**
   * Stores a page's later sheet (the rules only its forms' code names, later-css.ts) as a file of
   * the client build and returns its URL. Given at build; the server's pages keep every rule in
   * their page's sheet.
   */
  laterSheet?: (css: string) => string;
}

/** A sheet's file name, for its bytes: the same CSS is the same file, on every page and every instance. */
export function sheetName(kind: "page" | "form", css: string): string {
  return `${kind}-${crypto.createHash("sha256").update(css).digest("base64url").slice(0, 10)}.css`;
}

/** The CSP source expression that allows an inline script with exactly this text. */
export function sha256Source(text: string): string {
  return `'sha256-${crypto.createHash("sha256").update(text, "utf8").digest("base64")}'`;
}

/** Script types a browser runs: their inline text needs a hash in the CSP. */
const runTypes = new Set(["", "module", "text/javascript", "speculationrules"]);

/** The hashes of every inline script the browser runs, in the page's order, once each. */
export function inlineScriptHashes(html: string): string[] {
  const scripts = elements(parseHtml(html), (el) => el.name === "script");
  const runs = scripts.filter((s) => attr(s, "src") === undefined && runTypes.has(attr(s, "type") ?? ""));
  return [...new Set(runs.map((s) => sha256Source(rawText(html, s))))];
}

/** The islands a page holds (its `data-island` wrappers), in order, once each. */
export function islandsOf(html: string): string[] {
  const wrappers = elements(parseHtml(html), (el) => attr(el, "data-island") !== undefined);
  return [...new Set(wrappers.map((el) => attr(el, "data-island")!))];
}

function preloadsFor(boot: PageBoot, islands: readonly string[]): string[] {
  const urls = new Set(boot.base);
  for (const name of islands) {
    const chunks = boot.islands[name];
    if (!chunks) throw new Error(`post-render: the islands build has no chunk for the island "${name}"`);
    for (const url of chunks) urls.add(url);
  }
  return [...urls];
}

const escapeAttr = (s: string) => s.replace(/&/g, "&amp;").replace(/"/g, "&quot;");

export function compressed(body: Buffer, quality = 11): { br: Buffer; gzip: Buffer } {
  return {
    br: zlib.brotliCompressSync(body, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: quality, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    }),
    gzip: zlib.gzipSync(body, { level: 9 }),
  };
}

/** The post-render step for one build: its stylesheet is read and parsed once. */
export function postRenderer(options: PostRenderOptions): (html: string) => Promise<FinishedPage> {
  const sheets = new Map<string, Root>();
  const sheetOf = (href: string) => {
    let sheet = sheets.get(href);
    if (!sheet) {
      sheet = parseSheet(fs.readFileSync(path.join(options.clientDir, ...href.split("/")), "utf8"));
      sheets.set(href, sheet);
    }
    return sheet;
  };
  const texts = new Map<string, string>();
  const textOf = (url: string) => {
    let text = texts.get(url);
    if (text === undefined) {
      text = fs.readFileSync(path.join(options.clientDir, ...url.split("/")), "utf8");
      texts.set(url, text);
    }
    return text;
  };
  /** The text of every script the page's islands run: the entry and its imports, and each island's chunks. */
  const scriptsOf = (islands: readonly string[]) => {
    const urls = new Set(options.boot.base);
    for (const name of islands) for (const url of options.boot.scripts[name] ?? []) urls.add(url);
    return [...urls].map(textOf);
  };

  /** The page with this CSS in place of its stylesheet's link, the loader and, if given, the later sheet's URL. */
  const finishWith = (
    html: string,
    doc: ReturnType<typeof parseHtml>,
    sheet: ReturnType<typeof elements>[number],
    islands: readonly string[],
    reads: string,
    css: string,
    later?: string,
  ) => {
    const styles = elements(doc, (el) => el.name === "style");
    const entryImport = `import ${JSON.stringify(options.boot.entry)};`;
    const preload = escapeAttr(JSON.stringify(preloadsFor(options.boot, islands)));
    const laterAttr = later ? ` data-later-css="${escapeAttr(later)}"` : "";
    const body = elements(doc, (el) => el.name === "body")[0];
    if (!body) throw new Error("post-render: the page has no <body>");
    const edits: Edit[] = [
      // Each plain inline <style> (the web-font fallback's faces among them) without the properties
      // nothing reads: neither the page and its scripts nor the page's CSS (the brand face's
      // `--brand-face` in <noscript> is read only by the stylesheet's font stack).
      ...styles
        .filter((el) => Object.keys(el.attribs).length === 0)
        .map((el) => textEdit(html, el, dropUnreadProperties(rawText(html, el), `${reads}\n${css}`))),
      {
        ...spanOf(sheet),
        text: options.pageSheet
          ? `<link rel="stylesheet" href="${escapeAttr(options.pageSheet(css))}"/>`
          : `<style>${css}</style>`,
      },
      ...elements(doc, (el) => el.name === "link" && attr(el, "rel") === "modulepreload").map((el) => ({
        ...spanOf(el),
        text: "",
      })),
      // React Router's links mark themselves for its client's route discovery; a built page runs
      // the islands instead, whose links render without it (decision 080: 84 attributes on `/`).
      ...elements(doc, (el) => attr(el, "data-discover") !== undefined).map((el) =>
        attributeRemoval(html, el, "data-discover"),
      ),
      beforeEndTag(
        html,
        body,
        `<script type="${INERT_MODULE_TYPE}" id="rr-boot" data-preload="${preload}"${laterAttr}>${entryImport}</script><script>${LOADER}</script>`,
      ),
    ];
    return { html: applyEdits(html, edits), entryImport };
  };

  return async (html) => {
    const doc = parseHtml(html);
    if (elements(doc, (el) => el.name === "script" && attr(el, "type") === "module").length > 0)
      throw new Error("post-render: the page holds a module script; the islands entry replaces it (root.tsx)");
    const sheets = elements(doc, (el) => el.name === "link" && attr(el, "rel") === "stylesheet");
    if (sheets.length !== 1) throw new Error(`post-render: a page links one stylesheet; this one ${sheets.length}`);
    const sheet = sheets[0]!;
    const parsed = sheetOf(attr(sheet, "href")!);
    const islands = islandsOf(html);
    const scripts = scriptsOf(islands);
    const reads = [html, ...scripts].join("\n");
    const css = await pageCss(parsed, html, scripts);

    // A page holding a form: the rules only its forms' code names wait for that code in a sheet of
    // their own (decision 061), so the sheet the first paint waits for holds what it draws.
    const forms = islands.filter((name) => options.boot.forms?.includes(name));
    let first = css;
    let later: string | undefined;
    if (options.laterSheet && forms.length > 0) {
      const others = scriptsOf(islands.filter((name) => !forms.includes(name)));
      const lean = await pageCss(parsed, html, others, inputTypesOf(html));
      const wordSet = (texts: readonly string[]) => new Set(texts.flatMap(wordsOf));
      const everywhere = [...inlineScripts(html), ...options.boot.base.map(textOf)];
      const page = pageElements(html, {
        anywhere: wordSet(everywhere),
        anywhereClasses: new Set(everywhere.flatMap(classListWords)),
        anywhereAttributes: new Set(everywhere.flatMap(attributeWords)),
        islands: new Map(islands.map((name) => [name, wordSet((options.boot.scripts[name] ?? []).map(textOf))])),
        forms,
      });
      const rest = laterCss(css, lean, page);
      if (rest) {
        first = lean;
        later = options.laterSheet(rest);
      }
    }
    const { html: finished, entryImport } = finishWith(html, doc, sheet, islands, reads, first, later);
    const bytes = Buffer.from(finished, "utf8");
    return {
      html: finished,
      scriptHashes: [...inlineScriptHashes(finished), sha256Source(entryImport)],
      ...compressed(bytes, options.brotliQuality),
    };
  };
}
