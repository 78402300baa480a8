/**
 * The kinds of element a page can hold, for the later sheet's ties (later-css.ts, decision 083):
 * two rules tie only on an element that both their subjects match, so an inline rule is repeated
 * after a later one only when some element of the page could carry both subjects at once.
 *
 * The kinds, judged as PurgeCSS judges a page (decision 061), by the names its code holds:
 * - each element of the page's HTML, with its tag, classes, id and attributes, plus every word of
 *   the code that can change it: the page's inline scripts and its other islands' code anywhere
 *   (the menu's `active`, the theme's `data-bs-theme`), and its forms' code inside their islands;
 * - an element a form's code creates (its states: the error summary, the sent panel): any tag,
 *   class, id or attribute that code names, in any combination.
 * A subject's pseudo-classes and what sits inside them (`:not(.is-valid)`, `:is(…)`) are not
 * judged, so a subject asks only for the tag, classes, id and attributes it names outright: an
 * element that may match it is never missed.
 */
import selectorParser from "postcss-selector-parser";
import type { Element } from "domhandler";
import { elements, parseHtml } from "./html-edits";

/** What a rule's subject (the last compound of its selector) asks of an element. */
export interface Subject {
  tag?: string;
  classes: readonly string[];
  ids: readonly string[];
  attributes: readonly string[];
}

/** The subject of each selector, outside pseudo-classes; `*` and keyframe steps ask nothing. */
export function subjectOf(selector: string): Subject {
  const subject = {
    tag: undefined as string | undefined,
    classes: [] as string[],
    ids: [] as string[],
    attributes: [] as string[],
  };
  selectorParser((root) => {
    const nodes = root.first?.nodes ?? [];
    for (let i = nodes.length - 1; i >= 0; i--) {
      const node = nodes[i]!;
      if (node.type === "combinator") break;
      if (node.type === "tag") subject.tag = node.value.toLowerCase();
      else if (node.type === "class") subject.classes.push(node.value);
      else if (node.type === "id") subject.ids.push(node.value);
      else if (node.type === "attribute") subject.attributes.push(node.attribute.toLowerCase());
    }
  }).processSync(selector);
  return subject;
}

interface Kind {
  tag: (name: string) => boolean;
  class: (name: string) => boolean;
  id: (name: string) => boolean;
  attribute: (name: string) => boolean;
}

/** The kinds of element a page can hold; `carriesBoth` asks whether one of them can match two subjects. */
export interface PageElements {
  carriesBoth(a: Subject, b: Subject): boolean;
}

/** Any element at all: the ties as they were before decision 083, on the element's name alone. */
export const anyElement: PageElements = {
  carriesBoth: (a, b) => !a.tag || !b.tag || a.tag === b.tag,
};

/**
 * @param html the page as React rendered it
 * @param forms the form islands' names (their `data-island` wrappers)
 * @param formWords the words of the forms' code
 * @param otherWords the words of every other script the page runs: its inline scripts, the islands entry, the other islands
 */
export function pageElements(
  html: string,
  forms: readonly string[],
  formWords: ReadonlySet<string>,
  otherWords: ReadonlySet<string>,
): PageElements {
  const kinds = new Map<string, Kind>();
  const visit = (el: Element, inForm: boolean) => {
    const here = inForm || forms.includes(el.attribs["data-island"] ?? "");
    const classes = (el.attribs.class ?? "").split(/\s+/).filter(Boolean).sort();
    const attributes = Object.keys(el.attribs).sort();
    const key = `${here}\n${el.name}\n${classes.join(" ")}\n${el.attribs.id ?? ""}\n${attributes.join(" ")}`;
    if (!kinds.has(key)) {
      const scripted = (name: string) => otherWords.has(name) || (here && formWords.has(name));
      const own = new Set(classes);
      kinds.set(key, {
        tag: (name) => name === el.name,
        class: (name) => own.has(name) || scripted(name),
        id: (name) => name === el.attribs.id || scripted(name),
        attribute: (name) => name in el.attribs || scripted(name),
      });
    }
    for (const child of el.children) if (child.type === "tag") visit(child as Element, here);
  };
  for (const root of elements(parseHtml(html), (el) => el.parent?.type === "root")) visit(root, false);
  const created = (name: string) => formWords.has(name);
  const all = [...kinds.values(), { tag: created, class: created, id: created, attribute: created }];

  return {
    carriesBoth(a, b) {
      if (a.tag && b.tag && a.tag !== b.tag) return false;
      const tag = a.tag ?? b.tag;
      const classes = [...a.classes, ...b.classes];
      const ids = [...a.ids, ...b.ids];
      const attributes = [...a.attributes, ...b.attributes];
      return all.some(
        (kind) =>
          (!tag || kind.tag(tag)) &&
          classes.every(kind.class) &&
          ids.every(kind.id) &&
          attributes.every(kind.attribute),
      );
    },
  };
}
