/**
 * The human corpus (tests/fixtures/spam/human.json): messages of the kind real people write, read
 * by server/spam/spam.test.ts (none may be quarantined) and by `npm run bench:spam` (which reports
 * how many were).
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { FormName } from "./human-visitor";

export interface HumanMessage {
  form: FormName;
  /** What makes this message worth keeping: the links, lists or names it carries. */
  note: string;
  fields: Record<string, string | boolean>;
}

const file = path.join(path.dirname(fileURLToPath(import.meta.url)), "../fixtures/spam/human.json");

export const humanCorpus = (JSON.parse(fs.readFileSync(file, "utf8")) as { cases: HumanMessage[] }).cases;
