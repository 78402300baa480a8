/**
 * The rules of a stylesheet that could match a page, by a test that never drops one that can: a
 * selector naming a class or an id (outside any `:not(…)`, `:is(…)` or other parentheses, and
 * outside attribute brackets) matches only where an element carries it. PurgeCSS then chooses the
 * page's rules from these as it would from the whole sheet (page-css.ts), but parses and matches
 * a fraction of it: the site's stylesheet holds every component of Bootstrap, and a page uses a few.
 */
import postcss, { type Root, type Rule } from "postcss";

/** What a page's elements carry: every class and every id. */
export interface PageTokens {
  classes: ReadonlySet<string>;
  ids: ReadonlySet<string>;
}

const TOKEN = /([.#])(-?[_a-zA-Z][\w-]*)/g;

/** The selector without what is inside parentheses or attribute brackets (nested as they come). */
function outerPart(selector: string): string {
  let out = "";
  let depth = 0;
  for (const c of selector) {
    if (c === "(" || c === "[") depth++;
    else if (c === ")" || c === "]") depth = Math.max(0, depth - 1);
    else if (depth === 0) out += c;
  }
  return out;
}

export function mayMatch(selector: string, page: PageTokens, allow: readonly RegExp[]): boolean {
  // Escaped names (`.w-\[50\%\]`) and rules kept whatever the page holds: left to the next step.
  if (selector.includes("\\") || allow.some((re) => re.test(selector))) return true;
  for (const [, kind, name] of outerPart(selector).matchAll(TOKEN)) {
    if (!(kind === "." ? page.classes : page.ids).has(name!)) return false;
  }
  return true;
}

/** The sheet's text without the rules none of whose selectors may match the page; `sheet` is not changed. */
export function candidateRules(sheet: Root, page: PageTokens, allow: readonly RegExp[]): string {
  const copy = sheet.clone();
  copy.walkRules((rule: Rule) => {
    // Keyframe steps (`from`, `50%`) are rules too, and name no class.
    if (!rule.selectors.some((s) => mayMatch(s, page, allow))) rule.remove();
  });
  return copy.toString();
}

export const parseSheet = (css: string): Root => postcss.parse(css);
