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

/** What a rule's subject (the last compound of its selector) asks of an element (`:root`: <html>). */
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
      // The one pseudo-class that names an element: the document's root is <html>.
      else if (node.type === "pseudo" && node.value === ":root") subject.tag = "html";
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

const classListCall = /\bclassList\.(?:add|remove|toggle|replace)\(([^)]*)\)/g;

const literal = /"[^"]*"|'[^']*'|`[^`$]*`/g;

/**
 * The class names a script can set outside an island's rendering: the string arguments of its
 * classList calls. A call with anything else (a variable) gives every word of the script.
 */
export function classListWords(code: string): string[] {
  const names: string[] = [];
  for (const [, args] of code.matchAll(classListCall)) {
    const rest = args!.replace(literal, "").replace(/!0|!1|true|false|,|\s/g, "");
    if (rest !== "") return code.match(/[\w-]+/g) ?? [];
    for (const text of args!.match(literal) ?? []) names.push(...(text.match(/[\w-]+/g) ?? []));
  }
  return names;
}

const attributeCall = /\b(?:set|toggle|remove)Attribute\(\s*("[^"]*"|'[^']*'|`[^`$]*`)/g;
const datasetProperty = /\.dataset\.(\w+)/g;

/**
 * The attribute names a script sets by name outside an island's rendering: the literal first
 * argument of setAttribute, toggleAttribute and removeAttribute, and `dataset` properties as
 * their `data-` attributes (the theme's `data-bs-theme`, the entry's `data-hydrated`). A call with
 * a name it computes is a renderer's (Preact's, bundled in the islands entry), which acts inside
 * the islands' wrappers, whose elements take every word of their island's code.
 */
export function attributeWords(code: string): string[] {
  return [
    ...[...code.matchAll(attributeCall)].map((m) => m[1]!.slice(1, -1).toLowerCase()),
    ...[...code.matchAll(datasetProperty)].map((m) => `data-${m[1]!.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`),
  ];
}

/** The words of the code that can change a page's elements, by where it acts. */
export interface PageWords {
  /**
   * What the page's inline scripts and the islands entry, which may touch any element, can set
   * there: as ids, every word of theirs; as classes, those they add with classList
   * (`classListWords`: the reveal's `reveal-pending`, the cookie notice's `show-cookie-notice`);
   * as attributes, those they set by name (`attributeWords`).
   */
  anywhere: ReadonlySet<string>;
  anywhereClasses: ReadonlySet<string>;
  anywhereAttributes: ReadonlySet<string>;
  /** Per island, its own code's words: it renders inside its wrapper and sets attributes on <html> (the theme). */
  islands: ReadonlyMap<string, ReadonlySet<string>>;
  /** The form islands: they also create elements of their own (their states). */
  forms: readonly string[];
}

/** @param html the page as React rendered it */
export function pageElements(html: string, words: PageWords): PageElements {
  const none: ReadonlySet<string> = new Set();
  const wordsOf = (island: string | undefined) => (island ? (words.islands.get(island) ?? none) : none);
  const everyIsland = new Set([...words.islands.values()].flatMap((set) => [...set]));
  const kinds = new Map<string, Kind>();
  const visit = (el: Element, island: string | undefined) => {
    const here = el.attribs["data-island"] ?? island;
    // <html> and <body> are the document's: an island may set their attributes (the theme's
    // `data-bs-theme`); it sets classes only inside its wrapper.
    const documentLevel = el.name === "html" || el.name === "body";
    const scripts = wordsOf(here);
    const classes = (el.attribs.class ?? "").split(/\s+/).filter(Boolean).sort();
    const attributes = Object.keys(el.attribs).sort();
    const key = `${documentLevel ? "" : (here ?? "")}\n${el.name}\n${classes.join(" ")}\n${el.attribs.id ?? ""}\n${attributes.join(" ")}`;
    if (!kinds.has(key)) {
      const scripted = (name: string) => words.anywhere.has(name) || scripts.has(name);
      const own = new Set(classes);
      kinds.set(key, {
        tag: (name) => name === el.name,
        class: (name) => own.has(name) || words.anywhereClasses.has(name) || scripts.has(name),
        id: (name) => name === el.attribs.id || scripted(name),
        attribute: (name) =>
          name in el.attribs ||
          words.anywhereAttributes.has(name) ||
          scripts.has(name) ||
          (documentLevel && everyIsland.has(name)),
      });
    }
    for (const child of el.children) if (child.type === "tag") visit(child as Element, here);
  };
  for (const root of elements(parseHtml(html), (el) => el.parent?.type === "root")) visit(root, undefined);
  // What an island renders beyond its markup (a form's error summary, an open menu): any tag,
  // class, id and attribute its code names, in any combination.
  const created = [...words.islands.values()].map((own): Kind => {
    const named = (name: string) => own.has(name) || words.anywhere.has(name);
    const classed = (name: string) => own.has(name) || words.anywhereClasses.has(name);
    const attributed = (name: string) => own.has(name) || words.anywhereAttributes.has(name);
    return { tag: named, class: classed, id: named, attribute: attributed };
  });
  const all = [...kinds.values(), ...created];

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
