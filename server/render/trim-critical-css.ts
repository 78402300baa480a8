/**
 * Trims a page's inline critical CSS (what Beasties chose: every rule that matches the page's
 * markup) down to what its first paint can use. The bytes of a page past the first network round
 * trip (about 14 KB with the headers) cost a whole round trip on a slow link, and the inline CSS
 * was half of each page. The full stylesheet, fetched right after the first paint
 * (boot-loader.ts), holds every rule again, so widgets, states and the next page find them.
 *
 * Two things go:
 * - Rules only a visitor's action can switch on: `:hover`, `:active`, `:indeterminate` (set only
 *   by script), and a file input's button on a page without one. Beasties matches selectors with
 *   their pseudo-classes stripped, so it keeps these. Focus rules stay: a keyboard user may press
 *   Tab before the full stylesheet arrives.
 * - Custom properties nothing on the page reads. Bootstrap declares about 190 on :root (and again
 *   for the dark scheme, twice: the system's preference and the toggle), for every component it
 *   has, and each button variant a dozen more for its hover and active states.
 */
import postcss, { type Declaration, type Root } from "postcss";

const VAR_REFERENCE = /var\(\s*(--[\w-]+)/g;

function references(text: string): string[] {
  return [...text.matchAll(VAR_REFERENCE)].map((m) => m[1] as string);
}

function dropEmpty(root: Root) {
  root.walkRules((rule) => {
    if (rule.nodes.length === 0) rule.remove();
  });
  root.walkAtRules((atRule) => {
    if (atRule.nodes && atRule.nodes.length === 0) atRule.remove();
  });
}

/** Selectors that cannot match before the visitor acts, on this page. */
function actionOnly(markup: string): (selector: string) => boolean {
  const hasFileInput = /<input\b[^>]*\btype="file"/.test(markup);
  return (selector) =>
    /:(hover|active|indeterminate)\b/.test(selector) || (!hasFileInput && /::file-selector-button\b/.test(selector));
}

function dropActionRules(root: Root, markup: string) {
  const unreachable = actionOnly(markup);
  root.walkRules((rule) => {
    const kept = rule.selectors.filter((s) => !unreachable(s));
    if (kept.length === 0) rule.remove();
    else if (kept.length < rule.selectors.length) rule.selectors = kept;
  });
}

function dropUnreadProperties(root: Root, markup: string) {
  const declared = new Map<string, Declaration[]>();
  const needed: string[] = references(markup);
  // Properties set in style attributes are there for the rules to read: keep them read.
  for (const m of markup.matchAll(/style="[^"]*?(--[\w-]+)\s*:/g)) needed.push(m[1] as string);
  root.walkDecls((decl) => {
    if (decl.prop.startsWith("--")) {
      const list = declared.get(decl.prop) ?? [];
      list.push(decl);
      declared.set(decl.prop, list);
    } else needed.push(...references(decl.value));
  });
  const keep = new Set<string>();
  while (needed.length) {
    const name = needed.pop() as string;
    if (keep.has(name)) continue;
    keep.add(name);
    for (const decl of declared.get(name) ?? []) needed.push(...references(decl.value));
  }
  for (const [name, decls] of declared) if (!keep.has(name)) for (const decl of decls) decl.remove();
}

/**
 * @param css the page's inline CSS
 * @param markup the rest of the page, whose elements and style attributes the rules serve
 */
export function trimCriticalCss(css: string, markup: string): string {
  const root = postcss.parse(css);
  dropActionRules(root, markup);
  dropUnreadProperties(root, markup);
  dropEmpty(root);
  return root.toString();
}
