/**
 * Rules for the parts of inputs a page does not hold. Bootstrap's reboot and form rules style the
 * inner parts of some input types (the file picker's button, a date field's segments, a number's
 * spin buttons, a search field's clear button), through pseudo-elements that every `.form-control`
 * or every element could carry as far as PurgeCSS can tell. Before its form's code runs, a page
 * holds only the inputs of its markup, so the rules for other types' parts wait with the form's
 * rules (later-css.ts, decision 061): a form that renders a file field brings its picker's rules.
 */
import postcss from "postcss";

/** The pseudo-elements that exist only on inputs of these types. */
const partsOf: readonly [RegExp, readonly string[]][] = [
  [/::file-selector-button/, ["file"]],
  [/::-webkit-(date-and-time-value|datetime-edit[\w-]*)/, ["date", "datetime-local", "month", "week", "time"]],
  // A field with suggestions (`list`) shows the picker's indicator too.
  [/::-webkit-calendar-picker-indicator/, ["date", "datetime-local", "month", "week", "time", "list"]],
  [/::-webkit-(inner|outer)-spin-button/, ["number"]],
  [/::-webkit-search-[\w-]+/, ["search"]],
  [/::-webkit-color-swatch[\w-]*/, ["color"]],
];

/**
 * The input types of the page's markup (an <input> without a type is a text field), and "list"
 * when one has suggestions.
 */
export function inputTypesOf(html: string): Set<string> {
  const types = new Set<string>();
  for (const [tag] of html.matchAll(/<input\b[^>]*>/gi)) {
    types.add((/\btype="([\w-]+)"/i.exec(tag)?.[1] ?? "text").toLowerCase());
    if (/\slist="/i.test(tag)) types.add("list");
  }
  return types;
}

/** Whether the selector styles a part only inputs of types absent from `types` have. */
function namesAbsentPart(selector: string, types: ReadonlySet<string>): boolean {
  return partsOf.some(([part, owners]) => part.test(selector) && !owners.some((t) => types.has(t)));
}

/** The CSS without the selectors (and rules left with none) for parts of inputs the page lacks. */
export function withoutAbsentInputParts(css: string, types: ReadonlySet<string>): string {
  const root = postcss.parse(css);
  root.walkRules((rule) => {
    const kept = rule.selectors.filter((s) => !namesAbsentPart(s, types));
    if (kept.length === 0) rule.remove();
    else if (kept.length < rule.selectors.length) rule.selectors = kept;
  });
  root.walkAtRules((at) => {
    if (at.nodes && at.nodes.length === 0) at.remove();
  });
  return root.toString();
}
