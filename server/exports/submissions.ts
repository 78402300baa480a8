/**
 * The one export of submissions, which the CLI's `export` and the console's Export buttons both
 * call: a filter and a set of columns in, the lines of a CSV file (cells with formulas
 * neutralised, a header row) or a JSON array (one object a line) out, as an async iterable, so a
 * caller writes them as they are read. The rows come from storage/submission-export.ts.
 */
import type { Kysely } from "kysely";
import { fieldColumns, formDefinitions, type FormDefinitions } from "../../contracts/forms/index";
import type { Database } from "../db/schema";
import { exportRows, type ExportNote, type ExportRead, type SubmissionColumn } from "../submissions/submission-export";
import { conversationParagraph } from "../replies/conversation-record";
import { csvRow } from "./csv";

/**
 * The export's columns for these forms: the submission's own (an application's role by its slug
 * and title), every form field's column (from the definitions, so a field added to a form is
 * exported too), then the spam flag and the decision's date (with created_at, status and the
 * consent, what the deletion date is counted from: docs/decisions/033). Each column's name is
 * its CSV header and its JSON key.
 */
export function exportColumns(forms: FormDefinitions = formDefinitions): SubmissionColumn[] {
  return [
    "id",
    "kind",
    "reference",
    "role",
    "role_title",
    "created_at",
    ...(fieldColumns(forms) as SubmissionColumn[]),
    "spam",
    "decided_at",
  ];
}

/** The CLI's columns; the network data (ip, user_agent) only when asked for. */
export const cliExportColumns = exportColumns();
export const networkColumns = ["ip", "user_agent"] as const satisfies readonly SubmissionColumn[];

/**
 * The console's: the CLI's and each row's status, then its notes (CSV: one cell, a line per
 * note; JSON: a list) and its conversation (CSV: one cell, a paragraph per message; JSON: a
 * list). `spam` is left out: the console's export never holds a quarantined row.
 */
export const consoleColumns: SubmissionColumn[] = [...cliExportColumns.filter((c) => c !== "spam"), "status"];
export const consoleExportColumns = [...consoleColumns, "notes", "conversation"] as const;

export interface SubmissionExport<C extends SubmissionColumn> extends ExportRead<C> {
  format: "csv" | "json";
}

function noteLine(n: ExportNote): string {
  return `${n.created_at} ${n.staff_name}: ${n.body}`;
}

/**
 * The export's lines; `count()` is the number of submissions written so far (all of them once
 * the lines are read to the end).
 */
export function exportSubmissions<C extends SubmissionColumn>(db: Kysely<Database>, spec: SubmissionExport<C>) {
  let count = 0;
  const { format, columns, notes, conversation } = spec;
  const header = [...columns, ...(notes ? ["notes"] : []), ...(conversation ? ["conversation"] : [])];
  async function* lines(): AsyncGenerator<string> {
    if (format === "csv") yield csvRow(header);
    else yield "[\n";
    for await (const { row, notes: rowNotes, conversation: messages } of exportRows(db, spec)) {
      if (format === "csv") {
        const cells: unknown[] = columns.map((c) => row[c]);
        if (notes) cells.push(rowNotes.map(noteLine).join("\n"));
        // A blank line between messages: a message's own text has line breaks of its own.
        if (conversation) cells.push(messages.map(conversationParagraph).join("\n\n"));
        yield csvRow(cells);
      } else {
        const record: Record<string, unknown> = Object.fromEntries(columns.map((c) => [c, row[c]]));
        if (notes) record.notes = rowNotes;
        if (conversation) record.conversation = messages;
        yield `${count ? ",\n" : ""}${JSON.stringify(record)}`;
      }
      count++;
    }
    if (format === "json") yield "\n]\n";
  }
  return { lines: lines(), count: () => count };
}
