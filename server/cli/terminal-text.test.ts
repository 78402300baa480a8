import { spawnSync } from "node:child_process";
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { controlCharacters } from "../../contracts/fields";
import { openStorage } from "../db/db";
import { insertSubmission } from "../submissions/submissions";
import { useBackend } from "../test-support/backends";
import { buildCli } from "../test-support/built-cli";
import { terminalCell, terminalRow, terminalStream, terminalText } from "./terminal-text";
import { formDefinitions } from "../../contracts/forms/index";

/** What a terminal acts on: every control and bidi character except the line breaks and tabs the CLI writes itself. */
function rawControls(text: string): string[] {
  const found: string[] = [];
  const all = new RegExp(controlCharacters.source, "g");
  for (const m of text.matchAll(all)) {
    const c = m[0];
    const ok = c === "\n" || c === "\t" || (c === "\r" && text[m.index + 1] === "\n");
    if (!ok) found.push(`U+${c.charCodeAt(0).toString(16).padStart(4, "0")} at ${m.index}`);
  }
  return found;
}

/** Older rows, stored before the forms refused these, or written past them: OSC 52, cursor moves, C1 CSI, bidi. */
const osc52 = "\u001b]52;c;cm0gLXJmIH4vCg==\u0007";
const hostileName = `Mallory${osc52}\u001b[1A\u001b[2K\u009b2J\u202eeciln`;
const hostileMessage = `Hello\r\nBcc: all@example.com\rOverwritten \u001b[31mred\u001b[0m\u2066x\u2069`;

describe("terminalText", () => {
  it("escapes every control and bidi character but the CLI's own line breaks and tabs", () => {
    expect(terminalText("a\u001b]52;c;eA==\u0007b")).toBe("a\\u001b]52;c;eA==\\u0007b");
    expect(terminalText("row 1\tx\r\nrow 2\n")).toBe("row 1\tx\r\nrow 2\n");
    expect(terminalText("lone\rCR")).toBe("lone\\rCR");
    expect(terminalText("\u009b2J \u202e \u2069 \u007f")).toBe("\\u009b2J \\u202e \\u2069 \\u007f");
    expect(rawControls(terminalText(hostileName + hostileMessage))).toEqual([]);
  });

  it("keeps JSON valid and meaning the same", () => {
    const value = { name: hostileName, message: hostileMessage };
    const printed = terminalText(JSON.stringify(value, null, 2));
    expect(rawControls(printed)).toEqual([]);
    expect(JSON.parse(printed)).toEqual(value);
  });

  it("keeps a value to its cell in a tab-separated row", () => {
    expect(terminalCell("Ada\tLovelace\nSPAM\r")).toBe("Ada\\tLovelace\\nSPAM\\r");
    expect(terminalRow([1, "a\nb", null]).split("\t")).toEqual(["1", "a\\nb", ""]);
  });

  it("passes every write on at once, escaped", () => {
    const chunks: string[] = [];
    const target = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk.toString());
        done();
      },
    });
    const stream = terminalStream(target);
    stream.write(`${hostileName}\n`);
    stream.write("second\n");
    // Handed on before the next tick: nothing is held back when the program exits after its last print.
    expect(chunks.join("")).toBe(`${terminalText(hostileName)}\nsecond\n`);
  });
});

describe("the real CLI", () => {
  const env = useBackend("sqlite");
  // Compiled once for the file's eight runs (test-support/built-cli.ts), run by the project's Node.
  let cli: Awaited<ReturnType<typeof buildCli>>;
  const run = (...args: string[]) => {
    const { DATABASE_URL: _db, ...rest } = process.env;
    const result = spawnSync(process.execPath, [cli.file, ...args], {
      env: { ...rest, DATA_DIR: env.config.dataDir, LOG_LEVEL: "silent" },
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(result.status, result.stderr).toBe(0);
    return result.stdout;
  };

  afterAll(() => cli?.remove());

  beforeAll(async () => {
    cli = await buildCli();
    const storage = await openStorage({ dataDir: env.config.dataDir });
    const fields = {
      firstName: hostileName,
      lastName: "Row\nforged\tSPAM",
      email: "mallory@example.com",
      reason: `Reason${osc52}`,
      message: hostileMessage,
    };
    const meta = { ip: "198.51.100.9", userAgent: `UA${osc52}`, now: new Date("2026-03-01T10:00:00Z") };
    await insertSubmission(storage, formDefinitions.contact, fields, { ...meta, spam: false }, []);
    await insertSubmission(
      storage,
      formDefinitions.contact,
      fields,
      { ...meta, spam: true, spamVerdict: "spam", spamReasons: [{ signal: "links", text: `reason${osc52}` }] },
      [],
    );
    await storage.close();
  });

  it.each([
    "list",
    "list --spam",
    "show 1",
    "spam list",
    "spam show 2",
    "export --format csv --with-network-data",
    "export --format json --with-network-data",
  ])("`%s` prints no raw control byte from a stored row", (command) => {
    const stdout = run(...command.split(" "));
    expect(stdout).toContain("Mallory\\u001b]52;c;");
    expect(stdout.includes("\u001b"), "raw ESC").toBe(false);
    expect(rawControls(stdout)).toEqual([]);
  });

  it("keeps each stored row on its own line in `list`", () => {
    const lines = run("list").trimEnd().split("\n");
    expect(lines).toHaveLength(3);
    expect(lines.slice(0, 2).every((l) => l.split("\t").length === 7)).toBe(true);
  });
});
