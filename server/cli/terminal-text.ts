/**
 * Everything the operators' command line prints goes through here, so stored text cannot drive
 * the terminal: an ESC in a name could otherwise set the operator's clipboard (OSC 52), move the
 * cursor and rewrite the rows above, and a bidi override could reorder what a row shows. Control
 * and bidi characters (contracts/fields.ts names them) are shown as JSON-style escapes: ESC as
 * \u001b. Inside JSON output that is the same string JSON would have written, so `show` and
 * `export --format json` stay valid JSON meaning the same; a file written with --out is not
 * touched (the bytes as stored).
 */
import { Writable } from "node:stream";
import { controlCharacters } from "../../contracts/fields";

const control = new RegExp(controlCharacters.source, "g");

const short: Record<string, string> = { "\n": "\\n", "\r": "\\r", "\t": "\\t" };

function escaped(c: string): string {
  return short[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`;
}

/**
 * Text for the terminal: line breaks and tabs the CLI itself writes stay (LF, tab, CR before LF,
 * as CSV rows end); every other control or bidi character is escaped, a lone CR too (it would
 * return the cursor and overwrite the line).
 */
export function terminalText(text: string): string {
  return text.replace(control, (c: string, at: number) =>
    c === "\n" || c === "\t" || (c === "\r" && text[at + 1] === "\n") ? c : escaped(c),
  );
}

/** One value in a tab-separated row: its own tabs and line breaks are escaped too, so it stays one cell. */
export function terminalCell(value: unknown): string {
  return String(value ?? "").replace(control, escaped);
}

/** A tab-separated row of values, each kept to its cell. */
export function terminalRow(values: readonly unknown[]): string {
  return values.map(terminalCell).join("\t");
}

/**
 * A stream that writes `terminalText` of everything to `target`. It hands each write on at once
 * (no buffering of its own), so nothing is left behind when the program exits after its last print.
 */
export function terminalStream(target: Writable): Writable {
  return new Writable({
    decodeStrings: false,
    write(chunk: string | Buffer, _encoding, done) {
      target.write(terminalText(String(chunk)));
      done();
    },
  });
}
