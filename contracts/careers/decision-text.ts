/**
 * A decision e-mail's words from its template (issue 26): the fields filled in, the sender's
 * personal line placed, nothing a value holds read as a field or a header. Plain functions, so
 * the server renders what it sends and the console previews a template with the same code.
 */
import { controlCharacters } from "../fields";
import { templateFields } from "./decision-templates";

/** Where the sender's own line goes: in the text, once. Not a field of the subject. */
export const personalLineField = "personalLine";

export const decisionLimits = { subject: 200, body: 5000, personalLine: 500 } as const;

export type DecisionValues = Record<(typeof templateFields)[number] | typeof personalLineField, string>;

/** What each field holds, for the people who write templates. */
export const fieldMeanings: Record<keyof DecisionValues, string> = {
  firstName: "the candidate's first name, as they typed it",
  role: "the role they applied for (its title), else the position they chose",
  reference: "the application number",
  personalLine: "the sender's own line, typed when sending (text only; left empty, it leaves no gap)",
};

/** The template's 200 characters plus what its fields may bring (a name of 100, a role's title). */
const renderedSubjectMax = 400;
const token = /\{\{([^{}]*)\}\}/g;
const controls = new RegExp(controlCharacters.source, "g");
const listed = (names: readonly string[]) => names.map((n) => `{{${n}}}`).join(", ");

/** One line of plain text: line breaks, tabs and runs of spaces as one space, control characters dropped. */
export function oneLineText(value: string): string {
  return value.replace(/\s+/g, " ").replace(controls, "").trim();
}

/**
 * Why a template cannot be saved, in words for the administrator; undefined when it can. The
 * subject is one line and may name the candidate's fields; the text may name those and must
 * place the personal line once.
 */
export function templateProblem(subject: string, body: string): string | undefined {
  if (!subject.trim()) return "Write a subject.";
  if (!body.trim()) return "Write the text of the e-mail.";
  if (/[\r\n\u0085\u2028\u2029]/.test(subject)) return "The subject must be one line.";
  if (subject.length > decisionLimits.subject)
    return `The subject is ${subject.length} characters long; keep it to ${decisionLimits.subject}.`;
  if (body.length > decisionLimits.body)
    return `The text is ${body.length} characters long; keep it to ${decisionLimits.body}.`;
  for (const [part, text, known] of [
    ["subject", subject, templateFields],
    ["text", body, [...templateFields, personalLineField]],
  ] as const) {
    for (const [whole, name] of text.matchAll(token)) {
      if ((known as readonly string[]).includes(name!)) continue;
      if (name === personalLineField) return `The personal line goes in the text, not the subject: remove ${whole}.`;
      return `Unknown field ${whole} in the ${part}: the fields are ${listed(known)}.`;
    }
    const rest = text.replace(token, "");
    if (rest.includes("{{") || rest.includes("}}"))
      return `A field in the ${part} is missing a brace: write fields as ${listed(known)}.`;
  }
  const lines = [...body.matchAll(token)].filter(([, name]) => name === personalLineField).length;
  if (lines !== 1)
    return `Put {{${personalLineField}}} in the text once: that is where the sender's own line goes (nothing shows when they leave it empty).`;
  return undefined;
}

/**
 * Each known field replaced by its value in one pass, so a value that looks like a field stays as
 * typed. Shared with the reply templates (contracts/replies.ts).
 */
export function fillFields(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(token, (whole, name: string) => (Object.hasOwn(values, name) ? values[name]! : whole));
}

/** Why a part of a template names a field it may not: unknown, or missing a brace; undefined when fine. */
export function fieldProblem(part: string, text: string, known: readonly string[]): string | undefined {
  for (const [whole, name] of text.matchAll(token)) {
    if (!known.includes(name!)) return `Unknown field ${whole} in the ${part}: the fields are ${listed(known)}.`;
  }
  const rest = text.replace(token, "");
  if (rest.includes("{{") || rest.includes("}}"))
    return `A field in the ${part} is missing a brace: write fields as ${listed(known)}.`;
  return undefined;
}

/**
 * The e-mail's subject and text. Values are one line each; the text's paragraphs are kept, and a
 * paragraph left empty (the personal line, not given) is dropped with its blank line.
 */
export function renderDecision(
  template: { subject: string; body: string },
  values: DecisionValues,
): { subject: string; text: string } {
  const clean = Object.fromEntries(
    Object.entries(values).map(([name, value]) => [name, oneLineText(value)]),
  ) as DecisionValues;
  const paragraphs = fillFields(template.body.replace(/\r\n?/g, "\n"), clean)
    .split(/\n[ \t]*\n/)
    .map((p) => p.replace(/[ \t]+$/gm, "").replace(/^\n+|\n+$/g, ""))
    .filter((p) => p.trim() !== "");
  return {
    // A long name or title cannot make the header unbounded.
    subject: oneLineText(fillFields(template.subject, clean)).slice(0, renderedSubjectMax),
    text: `${paragraphs.join("\n\n")}\n`,
  };
}
