/**
 * The careers templates after beasties (docs/decisions/032): beasties re-serialises every page
 * (`<option value selected>`, `datetime`, `<meta …>` without the slash), so the sample roles in
 * /career and the role template are no longer the bytes React renders. The server finds the
 * sample by its exact string, as the renderer (build/careers/pages.js) renders it, and replaces it
 * per request; so here each sample part, found by its bounds, is written back as React renders it.
 * Same elements, same attributes: the critical CSS beasties chose still applies.
 */
import type { CareersRenderer } from "../contracts/careers/pages-renderer";

function replaceOnce(html: string, pattern: RegExp, replacement: string, what: string): string {
  const found = [...html.matchAll(new RegExp(pattern.source, `${pattern.flags.replace("g", "")}g`))];
  if (found.length !== 1) throw new Error(`careers template: ${what} found ${found.length} times, expected once`);
  const match = found[0]!;
  return html.slice(0, match.index) + replacement + html.slice(match.index + match[0].length);
}

/** The open roles' section of /career, up to the end of its careers-data block. */
const listBody =
  /<section id="open-roles"[\s\S]*?<script type="application\/json" id="careers-data">[\s\S]*?<\/script><\/div><\/section>/;
/** Everything inside <main>: the role route renders the whole of it. */
const mainContent = /(?<=<main id="main-content" tabindex="-1">)[\s\S]*?(?=<\/main>)/;
/**
 * The route's meta in <head>, where React 19 hoists it: the title and the meta and link tags after
 * it (the scripts' modulepreload links are gone by now, see boot-after-paint.ts).
 */
const roleHead = /<title>[^<]*<\/title>(?:<(?:meta|link) (?!rel="(?:modulepreload|stylesheet|preload)")[^>]*>)*/;
/** The application form's position options, after its placeholder (decision 040). */
const positionChoices =
  /(?<=<select id="career-position"[^>]*><option value(?:="")? disabled[^>]*>[^<]*<\/option>)(?:<option [^>]*>[^<]*<\/option>)+(?=<\/select>)/;
/** The route's JSON-LD blocks, which stay where <Meta /> put them. */
const roleScripts = /(?:<script type="application\/ld\+json">[^<]*<\/script>)+/;

/** The page with its sample parts as the renderer renders them (other pages come back unchanged). */
export function withRenderedSamples(pagePath: string, html: string, renderer: CareersRenderer): string {
  if (pagePath === renderer.templates.list) {
    const sample = renderer.sample.list;
    const withBody = replaceOnce(html, listBody, sample.body, "the open roles' section of /career");
    return replaceOnce(withBody, positionChoices, sample.choices, "the position choices of /career's form");
  }
  if (pagePath === renderer.templates.role) {
    const head = html.slice(0, html.indexOf("</head>"));
    const sample = renderer.sample.role;
    const withHead =
      replaceOnce(
        replaceOnce(head, roleHead, sample.head, "the role template's meta"),
        roleScripts,
        sample.scripts,
        "the role template's JSON-LD",
      ) + html.slice(head.length);
    return replaceOnce(withHead, mainContent, renderer.sample.role.body, "the role template's <main>");
  }
  return html;
}
