/**
 * Checks every built HTML file with the Nu HTML Checker (vnu.jar from the vnu-jar package, run by
 * the machine's Java) in one run of the JVM, and fails on any error. `npm test` runs it after the
 * build; `npx tsx scripts/validate-html.ts [build/client]` on its own.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

const require = createRequire(import.meta.url);
/** The package's main export is the path of its jar. */
const vnuJar = String(require("vnu-jar"));

/**
 * The checker validates the critical CSS inlined in each page with the W3C CSS validator's
 * grammar, which does not know these current CSS features the site uses (each in Chromium, Safari
 * and Firefox releases): anchor positioning (the header dropdowns), interpolate-size and
 * transition-behavior allow-discrete (the FAQ's 300 ms), cross-document view transitions. Its messages about exactly these are set
 * aside and counted; any other message, about the HTML or the CSS, fails the check.
 */
const newerCss: readonly RegExp[] = [
  /error: CSS: “(anchor-name|position-anchor|interpolate-size)”: Property “\1” doesn't exist\.$/,
  /error: CSS: “(top|right|bottom|left)”: “anchor\((top|right|bottom|left)\)” is not a “\1” value\.$/,
  /error: CSS: “transition”: “allow-discrete” is not a “transition” value\.$/,
  // Cross-document view transitions (docs/navigation-figures.md): Chromium 126, Safari 18.2.
  /error: CSS: Unrecognized at-rule “@view-transition”$/,
  /error: CSS: “view-transition-name”: Property “view-transition-name” doesn't exist\.$/,
];

/**
 * The checker predates `<link rel="expect" blocking="render">` (HTML's "expect" link type, in
 * Chromium since 124 and Safari since 18.2; decision 080 holds the first paint until the page's
 * last element): it allows `blocking` on stylesheet links only. Its message is set aside when,
 * and only when, the element at the message's place is that exact link.
 */
const blockingOnLink =
  /^"([^"]+)":(\d+)\.(\d+)-(\d+)\.(\d+): error: A “link” element with a “blocking” attribute must have a “rel” attribute whose value is “stylesheet”\.$/;
const expectLink = /^<link rel="expect" href="#[\w-]+" blocking="render"\/?>$/;

function isExpectLink(message: string, buildDir: string): boolean {
  const at = blockingOnLink.exec(message);
  if (!at) return false;
  const [, file, line, from, lineTo, to] = at;
  if (line !== lineTo) return false;
  const text = fs.readFileSync(path.join(buildDir, file!), "utf8").split("\n")[Number(line) - 1] ?? "";
  return expectLink.test(text.slice(Number(from) - 1, Number(to)));
}

function* htmlFiles(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* htmlFiles(full);
    else if (entry.name.endsWith(".html")) yield full;
  }
}

const buildDir = path.resolve(process.argv[2] ?? "build/client");
if (!fs.existsSync(buildDir)) {
  console.error(`No build in ${buildDir}: run "npm run build" first.`);
  process.exit(1);
}
const files = [...htmlFiles(buildDir)].sort();
if (files.length === 0) {
  console.error(`No HTML files in ${buildDir}.`);
  process.exit(1);
}

const run = spawnSync("java", ["-jar", vnuJar, "--errors-only", "--format", "gnu", "--stdout", ...files], {
  encoding: "utf8",
  maxBuffer: 64 * 1024 * 1024,
});
if (run.error) {
  console.error(
    `Could not run Java (${run.error.message}): npx tsx scripts/system-packages.ts installs it or names the package.`,
  );
  process.exit(1);
}
const messages = run.stdout
  .split("\n")
  .filter(Boolean)
  .map((line) => line.replace(`"file:${buildDir}/`, '"'));
const setAside = messages.filter((m) => newerCss.some((re) => re.test(m)));
const expectLinks = messages.filter((m) => isExpectLink(m, buildDir));
const errors = messages.filter((m) => !setAside.includes(m) && !expectLinks.includes(m));
for (const line of errors) console.error(line);
if (run.status !== 0 && messages.length === 0) {
  // The checker itself failed (not the pages): show what it said.
  console.error(run.stderr);
  process.exit(1);
}
console.log(
  `vnu: ${files.length} HTML files, ${errors.length} errors` +
    (setAside.length ? ` (${setAside.length} messages on CSS newer than the checker's CSS grammar set aside)` : "") +
    (expectLinks.length
      ? ` (${expectLinks.length} on <link rel="expect" blocking="render">, newer than the checker, set aside)`
      : ""),
);
process.exit(errors.length === 0 ? 0 : 1);
