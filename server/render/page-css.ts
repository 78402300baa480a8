/**
 * A page's whole CSS: the rules of the site's stylesheet that its markup, its head scripts and the
 * code of the islands it holds can use, and nothing else (docs/decisions/061). It is the page's
 * only CSS, inline in its <head>: the first paint is styled by what styles the page for its whole
 * life, and no stylesheet is applied after it (which restyled and laid out the whole page again).
 *
 * What a later state needs is kept because the code that switches it on names it: PurgeCSS reads
 * every word of the page (its head scripts add the cookie notice's class and the theme's
 * `data-bs-theme="dark"`) and of the islands' chunks (a menu's `show`, a form's `is-invalid`,
 * reveal-on-scroll's `is-revealed`), and keeps each rule whose classes, ids, elements and
 * attributes all appear among them. Pseudo-classes (`:hover`, `:focus-visible`, `:popover-open`)
 * do not count, so the states a visitor brings about are kept with their rules. A class a script
 * builds from pieces (`"btn-" + tone`) is not a word of the script: write class names whole.
 *
 * Two steps before and after PurgeCSS keep it cheap and the result small: the stylesheet's rules
 * are first cut to those whose classes and ids are among the words (candidate-rules.ts; the sheet
 * holds every component of Bootstrap, a page uses a few), and afterwards the custom properties
 * nothing reads go (unread-properties.ts).
 */
import type { Root } from "postcss";
import { PurgeCSS } from "purgecss";
import { candidateRules } from "./candidate-rules";
import { dropUnreadProperties } from "./unread-properties";

/** The words PurgeCSS reads from a page or a script (its default extractor's). */
export const wordsOf = (text: string): string[] => text.match(/[\w-]+/g) ?? [];

/**
 * @param sheet the site's stylesheet, parsed
 * @param html the page as React rendered it
 * @param scripts the text of every script the page's islands run (the entry and their chunks)
 */
export async function pageCss(sheet: Root, html: string, scripts: readonly string[]): Promise<string> {
  const words = new Set([...wordsOf(html), ...scripts.flatMap(wordsOf)]);
  const candidates = candidateRules(sheet, { classes: words, ids: words }, []);
  const [purged] = await new PurgeCSS().purge({
    content: [{ raw: html, extension: "html" }, ...scripts.map((raw) => ({ raw, extension: "js" }))],
    css: [{ raw: candidates }],
    defaultExtractor: wordsOf,
    keyframes: true,
  });
  if (!purged) throw new Error("page-css: PurgeCSS returned no stylesheet");
  return dropUnreadProperties(purged.css, [html, ...scripts].join("\n"));
}
