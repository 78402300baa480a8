/**
 * The one post-render step (docs/decisions/055): what a page React rendered needs before it is
 * served, the same at build (scripts/postbuild.ts, every prerendered page) and at run time (the
 * server's pages from the database, server/site-renderer/). From the page's HTML it makes:
 *
 * - its critical CSS inline (Beasties chooses the rules its markup uses, closed popovers left out,
 *   then trim-critical-css.ts keeps what the first paint can use), and the full stylesheet
 *   `disabled` for the loader to enable after the first paint, with a <noscript> twin
 *   (decision 020);
 * - the after-paint loader, which starts the islands entry and preloads the chunks of the shell
 *   islands the page holds (decision 041);
 * - the CSP hashes of its inline scripts;
 * - its brotli and gzip bytes.
 *
 * Every change is made where the HTML parser found the element (html-edits.ts); the rest of the
 * page keeps React's bytes, so a page is the same bytes prerendered or rendered from the same data.
 */
import Beasties from "beasties";
import type { Element } from "domhandler";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Root } from "postcss";
import { candidateRules, parseSheet, type PageTokens } from "./candidate-rules";
import zlib from "node:zlib";
import { INERT_MODULE_TYPE, LOADER } from "./boot-loader";
import {
  applyEdits,
  attr,
  beforeEndTag,
  elements,
  insideOne,
  parseHtml,
  rawText,
  spanOf,
  textEdit,
  type Edit,
} from "./html-edits";
import { trimCriticalCss } from "./trim-critical-css";

/** What a page starts after its first paint (written by postbuild to build/page-boot.json). */
export interface PageBoot {
  /** The islands entry's URL. */
  entry: string;
  /** The entry and its imports: every page preloads them. */
  base: readonly string[];
  /** Per island, the chunks its page preloads beside the base; empty for a form (its code waits for use). */
  islands: Readonly<Record<string, readonly string[]>>;
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

/**
 * A closed popover list (the header's dropdowns): hidden by the browser until opened, so the first
 * paint needs none of its rules; they come with the full stylesheet. The mobile menu's dialog
 * stays: on a phone it is the navigation, and may be opened before the full sheet arrives.
 */
const isClosedPopover = (el: Element) => (el.name === "ul" || el.name === "div") && attr(el, "popover") === "auto";

const escapeAttr = (s: string) => s.replace(/&/g, "&amp;").replace(/"/g, "&quot;");

export function compressed(body: Buffer, quality = 11): { br: Buffer; gzip: Buffer } {
  return {
    br: zlib.brotliCompressSync(body, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: quality, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    }),
    gzip: zlib.gzipSync(body, { level: 9 }),
  };
}

/** What every element of the page carries, for the stylesheet's pre-filter (candidate-rules.ts). */
function pageTokens(doc: ReturnType<typeof parseHtml>): PageTokens {
  const classes = new Set<string>();
  const ids = new Set<string>();
  for (const el of elements(doc, () => true)) {
    for (const name of (attr(el, "class") ?? "").split(/\s+/)) if (name) classes.add(name);
    const id = attr(el, "id");
    if (id) ids.add(id);
  }
  return { classes, ids };
}

/**
 * Match only once the head scripts have run (the cookie notice's class, the chosen colour theme),
 * so no element carries them when the page is rendered; without them the first paint of a visitor
 * who chose dark would be light.
 */
const allowRules = [/\.show-cookie-notice/, /\[data-bs-theme/, /\[data-theme-choice/];

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
  /** Beasties for one page: it reads the page's candidate rules in place of the whole stylesheet. */
  const beastiesWith = (css: string) => {
    const beasties = new Beasties(beastiesOptions);
    beasties.readFile = async () => css;
    return beasties;
  };
  const beastiesOptions = {
    path: options.clientDir,
    publicPath: "/",
    preload: "media-script",
    noscriptFallback: true,
    pruneSource: false,
    allowRules,
    // The stylesheet declares no web font (app/styles/web-font.ts loads the brand face by script).
    inlineFonts: false,
    preloadFonts: false,
    reduceInlineStyles: false,
    logLevel: "warn",
  } as const;

  /** The rules of the page's stylesheet its markup uses, as Beasties chooses them. */
  async function criticalCss(html: string, href: string): Promise<string> {
    const doc = parseHtml(html);
    const popovers = elements(doc, isClosedPopover).filter((el) => !insideOne(el, isClosedPopover));
    const forCss = applyEdits(
      html,
      popovers.map((el) => ({ ...spanOf(el), text: "" })),
    );
    const candidates = candidateRules(sheetOf(href), pageTokens(doc), allowRules);
    const out = await beastiesWith(candidates).process(forCss);
    const outDoc = parseHtml(out);
    const link = elements(outDoc, (el) => el.name === "link" && attr(el, "href") === href)[0];
    const style = link?.prev && "name" in link.prev && link.prev.name === "style" ? (link.prev as Element) : undefined;
    if (!style)
      throw new Error("post-render: Beasties inlined no rules before the stylesheet; has its output changed?");
    return rawText(out, style);
  }

  return async (html) => {
    const doc = parseHtml(html);
    if (elements(doc, (el) => el.name === "script" && attr(el, "type") === "module").length > 0)
      throw new Error("post-render: the page holds a module script; the islands entry replaces it (root.tsx)");
    const sheets = elements(doc, (el) => el.name === "link" && attr(el, "rel") === "stylesheet");
    if (sheets.length !== 1) throw new Error(`post-render: a page links one stylesheet; this one ${sheets.length}`);
    const sheet = sheets[0]!;
    const href = attr(sheet, "href")!;
    const critical = await criticalCss(html, href);

    // What the trimmed rules serve: the page's markup without its inline CSS.
    const styles = elements(doc, (el) => el.name === "style");
    const markup = applyEdits(
      html,
      styles.map((el) => ({ ...spanOf(el), text: "" })),
    );
    const trim = (css: string) => trimCriticalCss(css, markup);

    const entryImport = `import ${JSON.stringify(options.boot.entry)};`;
    const preload = escapeAttr(JSON.stringify(preloadsFor(options.boot, islandsOf(html))));
    const body = elements(doc, (el) => el.name === "body")[0];
    if (!body) throw new Error("post-render: the page has no <body>");
    const edits: Edit[] = [
      // Each plain inline <style> (the web-font fallback's faces among them) trimmed like the critical rules.
      ...styles
        .filter((el) => Object.keys(el.attribs).length === 0)
        .map((el) => textEdit(html, el, trim(rawText(html, el)))),
      {
        ...spanOf(sheet),
        text:
          `<style>${trim(critical)}</style><link rel="stylesheet" href="${escapeAttr(href)}" disabled data-after-paint>` +
          `<noscript><link rel="stylesheet" href="${escapeAttr(href)}"></noscript>`,
      },
      ...elements(doc, (el) => el.name === "link" && attr(el, "rel") === "modulepreload").map((el) => ({
        ...spanOf(el),
        text: "",
      })),
      beforeEndTag(
        html,
        body,
        `<script type="${INERT_MODULE_TYPE}" id="rr-boot" data-preload="${preload}">${entryImport}</script><script>${LOADER}</script>`,
      ),
    ];
    const finished = applyEdits(html, edits);
    const bytes = Buffer.from(finished, "utf8");
    return {
      html: finished,
      scriptHashes: [...inlineScriptHashes(finished), sha256Source(entryImport)],
      ...compressed(bytes, options.brotliQuality),
    };
  };
}
