/**
 * One tsconfig per target (issue 39, docs/decisions/053-typecheck-per-target.md): the server and
 * the Node scripts are checked without the DOM's types, the contracts with neither the DOM's nor
 * Node's, and every TypeScript file of the repository is in one of the projects `npm run
 * typecheck` checks. The probe is a file the compiler reads from memory at a path inside server/,
 * beside every file of the Node project, so that a package whose types pulled the DOM in would
 * make it pass; nothing is written to the repository.
 */
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const root = path.resolve(".");
/** The projects `npm run typecheck` checks, each its own program: read from package.json's script. */
const { scripts } = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as {
  scripts: Record<string, string>;
};
const projects = [...scripts.typecheck!.matchAll(/\btsc -p (\S+)/g)].map((m) => m[1]!);

function parsed(project: string): ts.ParsedCommandLine {
  const config = ts.getParsedCommandLineOfConfigFile(path.join(root, project), undefined, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (d) => {
      throw new Error(ts.flattenDiagnosticMessageText(d.messageText, "\n"));
    },
  });
  if (!config || config.errors.length > 0) throw new Error(`${project} does not parse`);
  return config;
}

/** The probe's diagnostics when it is type-checked as a file at `probePath` of `project`, beside `others`. */
function probeDiagnostics(project: string, probePath: string, source: string, others: readonly string[]) {
  const { options } = parsed(project);
  const probe = path.join(root, probePath);
  const host = ts.createCompilerHost(options);
  const read = host.getSourceFile.bind(host);
  host.getSourceFile = (file, language, ...rest) =>
    path.resolve(file) === probe ? ts.createSourceFile(file, source, language) : read(file, language, ...rest);
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (file) => path.resolve(file) === probe || fileExists(file);
  const program = ts.createProgram({ rootNames: [...others, probe], options, host });
  return program
    .getSemanticDiagnostics(program.getSourceFile(probe))
    .map((d) => ({ code: d.code, text: ts.flattenDiagnosticMessageText(d.messageText, " ") }));
}

const domUse = `export const pageTitle = (): string => document.title;\n`;

describe("one tsconfig per target", () => {
  it("fails server code that uses document, checked with the whole Node project", () => {
    const diagnostics = probeDiagnostics(
      "tsconfig.node.json",
      "server/dom-probe.ts",
      domUse,
      parsed("tsconfig.node.json").fileNames,
    );
    expect(diagnostics).toEqual([{ code: 2584, text: expect.stringMatching(/^Cannot find name 'document'\./) }]);
  }, 30_000);

  it("passes the same line in the site's project, where the DOM is given", () => {
    expect(probeDiagnostics("tsconfig.app.json", "app/dom-probe.ts", domUse, [])).toEqual([]);
  });

  it("gives the contracts neither the DOM's globals nor Node's", () => {
    const uses = `export const both = (): unknown[] => [document.title, process.env.PORT, Buffer.from("")];\n`;
    expect(
      probeDiagnostics("tsconfig.contracts.json", "contracts/globals-probe.ts", uses, []).map((d) => d.code),
    ).toEqual([2584, 2591, 2591]);
  });

  it("puts every TypeScript file of the repository in a project that npm run typecheck checks", () => {
    // The Node project, where the probe above fails, is one of them.
    expect(projects).toContain("tsconfig.node.json");
    const checked = new Set(projects.flatMap((project) => parsed(project).fileNames.map((f) => path.resolve(f))));
    const skipped = [
      "node_modules",
      "build",
      ".react-router",
      ".git",
      "data",
      "test-results",
      "playwright-report",
      "reports",
    ];
    const all = ts.sys.readDirectory(
      root,
      [".ts", ".tsx"],
      skipped.map((dir) => path.join(root, dir)),
      ["**/*"],
    );
    expect(all.length).toBeGreaterThan(500);
    expect(all.filter((file) => !checked.has(path.resolve(file))).map((file) => path.relative(root, file))).toEqual([]);
  });
});
