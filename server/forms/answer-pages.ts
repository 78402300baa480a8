/**
 * The pages the server answers a browser's own form post with: the form's prerendered page
 * (the site's own look, header, footer and inline CSS) with the form replaced by the server's
 * answer, and without any script. The renderer is build output (build/form-answers/answers.js,
 * from app/components/forms/answers.server.tsx); see docs/decisions/012-forms-without-javascript.md.
 */
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { FormAnswerRenderer, FormKind, ReturnedForm } from "../../contracts/form-answers";
import type { FormDefinition } from "../../contracts/forms/index";
import { submissionKinds } from "../../contracts/submission-kinds";
import { escapeHtml } from "../mail/templates";

const kinds: readonly FormKind[] = submissionKinds;

interface Template {
  /** The page up to the form, and from after it. */
  before: string;
  after: string;
}

/**
 * Makes a prerendered page into an answer template. Every script goes: the page would otherwise
 * hydrate as the API's address, which is no route of the site. The page's inline CSS stays: it
 * holds the form's error and sent states, which the form's own code names (decision 061).
 */
export function answerTemplate(pageHtml: string): Template {
  const html = pageHtml
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, "")
    .replace(/<link rel="modulepreload"[^>]*>/g, "");
  // The form that posts: /career also holds the roles' filter, a GET form that stays as it is.
  const forms = [...html.matchAll(/<form\b[^>]*\bmethod="post"[\s\S]*?<\/form>/g)];
  if (forms.length !== 1) throw new Error(`A form page must hold exactly one form that posts; found ${forms.length}.`);
  const form = forms[0]!;
  return { before: html.slice(0, form.index), after: html.slice(form.index + form[0].length) };
}

/** Puts `prefix` before the page's own title ("Error: Contact Us | Altiva Cloud"). */
function withTitle(html: string, prefix: string): string {
  return html.replace(
    /<title>([\s\S]*?)<\/title>/,
    (_m, title: string) => `<title>${escapeHtml(prefix)}: ${title}</title>`,
  );
}

export interface AnswerPages {
  /**
   * The form again with the visitor's values, each field's message and a summary at the top; its
   * fields are the definition's (the kind's own unless one is given). `around` is another page
   * holding the form to answer on (a role's page, server/forms/role-answer-page.ts); by default the
   * kind's own prerendered page.
   */
  invalid(kind: FormKind, form: ReturnedForm, definition?: FormDefinition, around?: string): string;
  /** The confirmation in the form's place. */
  success(kind: FormKind, message: string, around?: string): string;
  /** Origins other than the site's that the forms post to (API hosts set at build time). */
  apiOrigins: readonly string[];
}

/** Where the build writes the renderer, next to the client build. */
export function rendererFile(buildDir: string): string {
  return path.join(buildDir, "..", "form-answers", "answers.js");
}

/** Loads the renderer and the three form pages once, at start. */
export async function loadAnswerPages(buildDir: string): Promise<AnswerPages> {
  const file = rendererFile(buildDir);
  if (!fs.existsSync(file)) throw new Error(`Missing ${file}: run "npm run build" to make it.`);
  const { renderer } = (await import(pathToFileURL(file).href)) as { renderer: FormAnswerRenderer };
  const templates = new Map<FormKind, Template>();
  for (const kind of kinds) {
    // /career is rendered per request (decision 055), not a file: its answers always come with the page around them.
    const file = path.join(buildDir, renderer.pages[kind].slice(1), "index.html");
    if (fs.existsSync(file)) templates.set(kind, answerTemplate(fs.readFileSync(file, "utf8")));
  }
  const page = (kind: FormKind, outcome: "invalid" | "success", body: string, around?: string) => {
    const t = around ? answerTemplate(around) : templates.get(kind);
    if (!t) throw new Error(`No page to answer the ${kind} form on: ${renderer.pages[kind]} is not a prerendered file`);
    return withTitle(t.before, renderer.title(kind, outcome)) + body + t.after;
  };
  return {
    invalid: (kind, form, definition, around) =>
      page(kind, "invalid", renderer.renderInvalid(kind, form, definition), around),
    success: (kind, message, around) => page(kind, "success", renderer.renderSuccess(kind, message), around),
    apiOrigins: renderer.apiOrigins,
  };
}
