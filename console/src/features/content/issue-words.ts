/**
 * The API's publish issues (zod's messages, by field path) as the company writes to its own
 * people: "Write at least 10 characters." rather than "Too small: expected string to have >=10
 * characters". Messages the contract already words (an image's alt text, the search title) pass
 * through as they are.
 */
import type { Issue } from "./content-api";

const patterns: [RegExp, (m: RegExpExecArray) => string][] = [
  [/^Too small: expected string to have >=1 characters?$/, () => "Fill this in."],
  [/^Too small: expected string to have >=(\d+) characters$/, (m) => `Write at least ${m[1]} characters.`],
  [/^Too big: expected string to have <=(\d+) characters$/, (m) => `Keep it to ${m[1]} characters or fewer.`],
  [/^Too small: expected array to have >=(\d+) items$/, (m) => `Add at least ${m[1]}.`],
  [/^Too big: expected array to have <=(\d+) items$/, (m) => `Keep it to ${m[1]} at most.`],
  [/^Invalid input: expected \w+, received undefined$/, () => "Fill this in."],
  [/^Invalid ISO date$/, () => "Give a date as day, month and year."],
  [/^Too small: expected number to be >=(\d+)$/, (m) => `Give a number of at least ${m[1]}.`],
  [/^Invalid string: must match pattern/, () => "Choose one of the offered values."],
];

export function issueWords(message: string): string {
  for (const [pattern, words] of patterns) {
    const m = pattern.exec(message);
    if (m) return words(m);
  }
  return message;
}

/** The issues by field path, worded; `under(prefix)` gives a group's ("results") with their row paths. */
export function issueMap(issues: readonly Issue[]) {
  const byPath = new Map<string, string>();
  for (const issue of issues) if (!byPath.has(issue.path)) byPath.set(issue.path, issueWords(issue.message));
  return {
    at: (path: string) => byPath.get(path),
    under: (prefix: string) => [...byPath].filter(([path]) => path.startsWith(`${prefix}.`)),
    size: byPath.size,
  };
}
export type IssueMap = ReturnType<typeof issueMap>;
