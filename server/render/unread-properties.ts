/**
 * Drops the custom properties nothing on the page reads from its CSS, and the space Sass writes
 * after the colon of those that stay. Bootstrap declares about 190
 * on :root (and again for the dark scheme, twice: the system's preference and the toggle), for
 * every component it has; a page's rules read a fraction of them. PurgeCSS's own `variables`
 * option sees only the stylesheet, and would drop a property that only a style attribute
 * (`style="--reveal-delay:…"` is set there; `var(--x)` may be read there) or a script uses.
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

function dropUnread(root: Root, markup: string) {
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
  for (const [name, decls] of declared) {
    if (!keep.has(name)) for (const decl of decls) decl.remove();
    // Sass writes `--x: 1px`; a custom property's value starts after the whitespace, so it is the same value.
    else for (const decl of decls) decl.raws.between = ":";
  }
}

/**
 * @param css the page's CSS
 * @param markup the page and the scripts it runs: what reads or sets properties besides the rules
 */
export function dropUnreadProperties(css: string, markup: string): string {
  const root = postcss.parse(css);
  dropUnread(root, markup);
  dropEmpty(root);
  return root.toString();
}
