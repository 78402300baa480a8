/**
 * A page's whole CSS: the rules of the site's stylesheet that its markup, its head scripts and the
 * code of the islands it holds can use, and nothing else (docs/decisions/061). It is the page's
 * only CSS, inline in its <head>: the first paint is styled by what styles the page for its whole
 * life, and no stylesheet is applied after it (which restyled and laid out the whole page again).
 *
 * What a later state needs is kept because the code that switches it on names it. PurgeCSS keeps
 * each rule whose classes, ids, elements and attributes all appear in the page's elements
 * (purgecss-from-html: their tags, classes, ids, attributes) or among the words of the scripts
 * that can change them: the page's inline head scripts (the cookie notice's class, the theme's
 * `data-bs-theme="dark"`) and the islands' chunks (a form's `is-invalid`, reveal-on-scroll's
 * `is-revealed`, a menu's `active`). Pseudo-classes (`:hover`, `:focus-visible`, `:popover-open`)
 * do not count, so the states a visitor brings about are kept with their rules. A class a script
 * builds from pieces (`"btn-" + tone`) is not a word of the script: write class names whole.
 *
 * Steps around PurgeCSS keep it cheap and the result small: the stylesheet's rules are first cut
 * to those whose classes and ids appear anywhere in the page or the scripts (candidate-rules.ts;
 * the sheet holds every component of Bootstrap, a page uses a few); afterwards the custom
 * properties nothing reads go (unread-properties.ts). The rules are otherwise left as Vite
 * minified them: Lightning CSS's minifier saved 5% more but rounds numbers (Bootstrap's
 * `width:58.33333333%` became `58.3333%`, a column 0.02 px narrower) and colours, and the page
 * must look as it did.
 */
import type { Root } from "postcss";
import { PurgeCSS } from "purgecss";
import purgecssFromHtml from "purgecss-from-html";
import { candidateRules } from "./candidate-rules";
import { attr, elements, parseHtml, rawText } from "./html-edits";
import { withoutAbsentInputParts } from "./input-parts";
import { dropUnreadProperties } from "./unread-properties";

/** The words PurgeCSS reads from a script (its default extractor's). */
export const wordsOf = (text: string): string[] => text.match(/[\w-]+/g) ?? [];

/** Script types that hold data, not code: their words name no class a script could set. */
const dataScripts = new Set(["application/ld+json", "speculationrules"]);

/** The text of the page's inline scripts: the head scripts set classes and attributes before the first paint. */
export function inlineScripts(html: string): string[] {
  const scripts = elements(
    parseHtml(html),
    (el) => el.name === "script" && attr(el, "src") === undefined && !dataScripts.has(attr(el, "type") ?? ""),
  );
  return scripts.map((el) => rawText(html, el));
}

/**
 * @param sheet the site's stylesheet, parsed
 * @param html the page as React rendered it
 * @param scripts the text of every script the page's islands run (the entry and their chunks)
 * @param inputTypes when given, the input types the page can hold: the rules for the inner parts
 *   of other types' inputs go (input-parts.ts). Given for the CSS a page holds before its form's
 *   code runs, whose fields are then the markup's.
 */
export async function pageCss(
  sheet: Root,
  html: string,
  scripts: readonly string[],
  inputTypes?: ReadonlySet<string>,
): Promise<string> {
  const code = [...inlineScripts(html), ...scripts];
  const words = new Set([...wordsOf(html), ...code.flatMap(wordsOf)]);
  const candidates = candidateRules(sheet, { classes: words, ids: words }, []);
  const [purged] = await new PurgeCSS().purge({
    content: [{ raw: html, extension: "html" }, ...code.map((raw) => ({ raw, extension: "js" }))],
    css: [{ raw: candidates }],
    defaultExtractor: wordsOf,
    extractors: [{ extensions: ["html"], extractor: purgecssFromHtml }],
    keyframes: true,
  });
  if (!purged) throw new Error("page-css: PurgeCSS returned no stylesheet");
  const css = inputTypes ? withoutAbsentInputParts(purged.css, inputTypes) : purged.css;
  return dropUnreadProperties(css, [html, ...scripts].join("\n"));
}
