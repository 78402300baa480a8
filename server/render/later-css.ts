/**
 * The rules a page's form needs only once its code runs (its error states, the file picker, a
 * select, the sent answer), taken out of the page's sheet (decision 085; before it, the page's inline
 * CSS, which the rest of this file calls "inline") into a small sheet the form island
 * loads on first use (docs/decisions/061). `full` is the page's CSS as page-css.ts keeps it for the
 * page and all its islands' code; `lean` the same without the forms' code. The later sheet is
 * what `full` holds beyond `lean`, in `full`'s order: per selector of a rule (PurgeCSS drops the
 * selectors of a list that nothing names), the declarations `lean` does not give it (a whole rule,
 * or the custom properties only the form's code reads).
 *
 * The later sheet comes after the inline CSS, so its rules now follow every inline rule. Order
 * decides between two rules only when they set the same property (or a shorthand and its longhand)
 * with the same importance from selectors of the same specificity: an inline rule that followed a later rule in the site's
 * stylesheet with such a tie would now lose a tie it used to win. So that inline rule is repeated
 * in the later sheet after it (and in turn any inline rule tied with that one), and the cascade
 * stays the site stylesheet's. Two rules tie only on an element both their subjects match: an inline
 * rule is repeated only when an element of the page could carry both (`.site-footer` never carries
 * `.form-control`; decision 083), which halved the later sheets.
 */
import postcss, { type AtRule, type ChildNode, type Container, type Declaration, type Rule } from "postcss";
import { calculate } from "specificity";
import { anyElement, subjectOf, type PageElements, type Subject } from "./page-elements";

/** The at-rules around a node, outermost first. */
function atRulesAround(node: ChildNode): AtRule[] {
  const around: AtRule[] = [];
  for (let p = node.parent as ChildNode | undefined; p?.type === "atrule"; p = p.parent as ChildNode | undefined)
    around.unshift(p);
  return around;
}

const contextOf = (node: ChildNode) =>
  atRulesAround(node)
    .map((at) => `@${at.name} ${at.params}`)
    .join("\n");

const declKey = (d: Declaration) => `${d.prop}:${d.value}${d.important ? "!important" : ""}`;
const declsOf = (node: Container) => (node.nodes ?? []).filter((n): n is Declaration => n.type === "decl");
const inKeyframes = (node: ChildNode) => /keyframes$/.test((node.parent as AtRule | undefined)?.name ?? "");

/** Each rule with declarations (style rules, keyframe steps, @font-face), in order, under its name(s). */
function leaves(css: string): { node: Container; names: string[] }[] {
  const out: { node: Container; names: string[] }[] = [];
  postcss.parse(css).walk((node) => {
    if (node.type === "rule" && node.nodes.some((n) => n.type === "decl"))
      out.push({ node, names: inKeyframes(node) ? [node.selector] : node.selectors });
    else if (node.type === "atrule" && node.nodes?.some((n) => n.type === "decl"))
      out.push({ node, names: [`@${node.name} ${node.params}`] });
  });
  return out;
}

/** The last compound of a selector (the element it styles), outside parentheses and brackets. */
function lastCompound(selector: string): string {
  let depth = 0;
  let start = 0;
  for (let i = 0; i < selector.length; i++) {
    const c = selector[i]!;
    if (c === "(" || c === "[") depth++;
    else if (c === ")" || c === "]") depth--;
    else if (depth === 0 && (c === " " || c === ">" || c === "+" || c === "~")) start = i + 1;
  }
  return selector.slice(start);
}

/**
 * What order can decide between two rules: a property (with its importance) set from selectors of
 * the same specificity, for the same pseudo-element, on an element both subjects match (page-elements.ts).
 * Outside a style rule (@font-face, a keyframe step), the property alone, on any element.
 */
interface Tie {
  key: string;
  subject: Subject;
}

const anything: Subject = { classes: [], ids: [], attributes: [] };

/** Properties a shorthand sets, under one name: the shorthand's ("inset" for top, right, bottom, left). */
const families: Readonly<Record<string, string>> = {
  top: "inset",
  right: "inset",
  bottom: "inset",
  left: "inset",
  place: "align",
  justify: "align",
  row: "gap",
  column: "gap",
  columns: "gap",
  // `font` resets the line height; `white-space` is a shorthand of text-wrap-mode.
  line: "font",
  white: "text",
};

/**
 * A property's family: a shorthand and its longhands (`padding` and `padding-bottom`, `border` and
 * `border-top-color`) set the same value, so they tie as one property.
 */
export function familyOf(prop: string): string {
  // A custom property is its own; so is `color-scheme`, no longhand of `color`.
  if (prop.startsWith("--") || prop === "color-scheme") return prop;
  const head = prop.replace(/^-\w+-/, "").split("-")[0]!;
  return families[head] ?? head;
}

function tiesOf(node: Container, selectors: readonly string[], decls: readonly Declaration[]): Tie[] {
  const styled = node.type === "rule" && !inKeyframes(node as Rule);
  const subjects = styled
    ? selectors.map((s) => {
        const { A, B, C } = calculate(s);
        const pseudo =
          /::?(before|after|first-line|first-letter)\b|::[\w-]+/.exec(lastCompound(s))?.[0].replace(/^::?/, "") ?? "";
        return { spec: `${A},${B},${C} ${pseudo}`, subject: subjectOf(s) };
      })
    : [{ spec: "", subject: anything }];
  return decls.flatMap((d) =>
    subjects.map(({ spec, subject }) => ({ key: `${familyOf(d.prop)}${d.important ? "!" : ""} ${spec}`, subject })),
  );
}

/** Ties seen so far: per property and specificity, the subjects that set it. */
class Ties {
  private seen = new Map<string, Subject[]>();
  constructor(private readonly page: PageElements) {}
  add(ties: readonly Tie[]) {
    for (const { key, subject } of ties) {
      const list = this.seen.get(key) ?? [];
      list.push(subject);
      this.seen.set(key, list);
    }
  }
  meets(ties: readonly Tie[]): boolean {
    return ties.some(({ key, subject }) => this.seen.get(key)?.some((seen) => this.page.carriesBoth(seen, subject)));
  }
  get size() {
    return this.seen.size;
  }
}

/**
 * The later sheet: what `full` holds beyond `lean`, with the inline rules it must not overtake.
 * `page` tells which subjects an element of the page can carry at once (page-elements.ts); without
 * it, any two subjects naming no different elements can.
 */
export function laterCss(full: string, lean: string, page: PageElements = anyElement): string {
  const inline = new Map<string, Set<string>>();
  for (const { node, names } of leaves(lean)) {
    // A selector can head several rules in one context (Bootstrap's and the site's `[data-bs-theme=dark]`).
    for (const name of names) {
      const key = `${contextOf(node as ChildNode)}\n${name}`;
      const decls = inline.get(key) ?? new Set<string>();
      for (const d of declsOf(node)) decls.add(declKey(d));
      inline.set(key, decls);
    }
  }

  const out = postcss.root();
  const ties = new Ties(page);
  const emit = (node: Container, selectors: string[], decls: Declaration[]) => {
    let copy: Container;
    if (node.type === "rule" && !inKeyframes(node as Rule))
      copy = (node as Rule).clone({ selector: selectors.join(","), nodes: [] });
    else copy = (node as Rule | AtRule).clone({ nodes: [] });
    for (const d of decls) copy.append(d.clone());
    // Wrapped in copies of its at-rules, merged with the last one emitted when it is the same.
    let parent: Container = out;
    for (const at of atRulesAround(node as ChildNode)) {
      const last = parent.last;
      if (last?.type === "atrule" && last.name === at.name && last.params === at.params) parent = last;
      else {
        const wrapper = at.clone({ nodes: [] });
        parent.append(wrapper);
        parent = wrapper;
      }
    }
    parent.append(copy);
  };

  for (const { node, names } of leaves(full)) {
    const decls = declsOf(node);
    const context = contextOf(node as ChildNode);
    // Selectors grouped by the declarations the inline CSS does not give them (the later part),
    // and by those it does (the inline part, repeated if it meets a tie).
    const later = new Map<string, { selectors: string[]; decls: Declaration[] }>();
    const inlinePart = new Map<string, { selectors: string[]; decls: Declaration[] }>();
    const add = (groups: typeof later, name: string, part: Declaration[]) => {
      if (part.length === 0) return;
      const key = part.map(declKey).join(";");
      const group = groups.get(key) ?? { selectors: [], decls: part };
      group.selectors.push(name);
      groups.set(key, group);
    };
    for (const name of names) {
      const there = inline.get(`${context}\n${name}`);
      add(later, name, there ? decls.filter((d) => !there.has(declKey(d))) : decls);
      add(inlinePart, name, there ? decls.filter((d) => there.has(declKey(d))) : []);
    }
    // Judged before this rule's own later part joins the ties: its selectors set the same values.
    const repeats = [...inlinePart.values()]
      .map(({ selectors, decls: part }) => ({ selectors, part, own: tiesOf(node, selectors, part) }))
      .filter(({ own }) => ties.size > 0 && ties.meets(own));
    for (const { selectors, decls: part } of later.values()) {
      emit(node, selectors, part);
      ties.add(tiesOf(node, selectors, part));
    }
    // An inline rule after a later one, tied with it: repeated after it. Before decision 083 only
    // a rule the inline CSS held whole was; a list whose other selectors went later
    // (`.form-control:focus-visible,.form-select:focus-visible`) lost its inline selectors' ties,
    // and a live form's focused field lost the site's focus ring.
    for (const { selectors, part, own } of repeats) {
      emit(node, selectors, part);
      ties.add(own);
    }
  }
  return out.toString();
}
