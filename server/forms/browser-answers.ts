/**
 * A browser's own form posts (JavaScript off or not yet loaded): the fields are checked and
 * stored exactly as a script's are, and the answer is a page. Valid: 303 See Other to a
 * confirmation page, so a reload does not send again. Invalid: 400 with the form again, the
 * visitor's values kept and each field's message. Nothing the visitor typed goes into a URL or
 * a log line. See docs/decisions/012-forms-without-javascript.md.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { roleField, type AppliedRole } from "../../contracts/careers/applied-role";
import { applicationSuccessText } from "../../contracts/forms/application";
import type { FormDefinition, FormDefinitions } from "../../contracts/forms/index";
import type { SubmittedValues } from "../../contracts/forms/schema";
import { honeypotField } from "../../contracts/constants";
import { sourceFields, sourcePathShape } from "../../contracts/lead-source";
import { successMessages } from "../../contracts/success";
import type { FormKind } from "../../contracts/form-answers";
import type { ResumeData } from "../submissions/submissions";
import type { AnswerPages, AnswerPlace } from "./answer-pages";
import { fileFieldOf, type Check } from "./check";
import { isBrowserFormPost, isBrowserNavigation } from "./navigation";
import { parseUrlEncoded, readBrowserForm } from "./read-body";

/** Judges and stores a checked submission (routes/submissions.ts), or refuses it with a message. */
export type Store = (
  req: FastifyRequest,
  form: FormDefinition,
  values: SubmittedValues,
  sent: Record<string, unknown>,
  resume?: ResumeData,
) => Promise<{ reference: string | null } | { refused: string }>;

/** Where each confirmation lives, on the host the form posted to. */
export const confirmationPaths: Record<FormKind, string> = {
  contact: "/api/contact-us/sent",
  feedback: "/api/feedback/sent",
  application: "/api/job-application/received",
};

/**
 * The application number reaches its confirmation page in a short-lived cookie scoped to that
 * page, not in the address: a URL would carry it into history, logs and Referer headers.
 */
const numberCookie = "application-number";
const numberPattern = /^APP-\d{4}-\d{6,}$/;

function applicationNumberFrom(req: FastifyRequest): string | undefined {
  for (const pair of (req.headers.cookie ?? "").split(";")) {
    const [name, value] = pair.trim().split("=");
    if (name === numberCookie && value && numberPattern.test(value)) return value;
  }
  return undefined;
}

/**
 * Answer pages hold a person's data (the returned form, an application number): never stored by
 * a cache, never indexed. No script runs on them.
 */
function pageHeaders(formOrigins: readonly string[]) {
  return {
    "Content-Type": "text/html; charset=utf-8",
    "Cache-Control": "no-store",
    "X-Robots-Tag": "noindex",
    "Content-Security-Policy": [
      "default-src 'self'",
      "script-src 'none'",
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data:",
      "font-src 'self'",
      `form-action 'self' ${formOrigins.join(" ")}`.trim(),
      "frame-ancestors 'none'",
      "base-uri 'self'",
      "object-src 'none'",
    ].join("; "),
  };
}

function sendPage(reply: FastifyReply, status: number, html: string, formOrigins: readonly string[]) {
  return reply.code(status).headers(pageHeaders(formOrigins)).send(html);
}

/**
 * What the visitor typed, to put back in the form: every field sent but the form's file fields
 * (a file cannot be returned), the honeypot and the role's slug (the form is returned for the
 * role the server found by it, never with the posted text).
 */
export function keptValues(form: FormDefinition, fields: Record<string, string>): Record<string, string> {
  const dropped = new Set([
    honeypotField,
    roleField,
    ...form.fields.filter((f) => f.input === "file").map((f) => f.name),
  ]);
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(fields)) {
    if (!dropped.has(name)) kept[name] = value;
  }
  // The page it was sent from goes back into the returned form's hidden input only in a path's shape.
  const path = sourcePathShape(fields[sourceFields.path]);
  if (path === null) delete kept[sourceFields.path];
  else kept[sourceFields.path] = path;
  delete kept[sourceFields.referrer];
  delete kept[sourceFields.campaign];
  return kept;
}

export interface BrowserForms {
  answer(req: FastifyRequest, reply: FastifyReply, form: FormDefinition, check: Check): Promise<FastifyReply>;
}

/**
 * Registers the form-encoded body parser (for browser navigations only: a script's
 * form-encoded post is still refused with 415, as before) and the confirmation pages.
 */
export function registerBrowserForms(
  app: FastifyInstance,
  opts: {
    pages: AnswerPages;
    store: Store;
    bodyLimit: number;
    forms: FormDefinitions;
    /** A form's definition as of now (the application's with the live positions), for its pages. */
    liveForm?: (form: FormDefinition) => Promise<FormDefinition>;
    /**
     * The role a post names, when one has that slug: a returned form is for it again, on the
     * role's own page when there is one (`page`, while the role is open).
     */
    sentRole?: (
      form: FormDefinition,
      fields: Record<string, string>,
    ) => Promise<{ role: AppliedRole; page?: AnswerPlace } | undefined>;
    /**
     * The page a kind's answers are rendered on when its data comes from the database (the careers
     * page lists the roles open now); undefined: the kind's own page.
     */
    livePage?: (kind: FormKind) => Promise<AnswerPlace | undefined> | undefined;
  },
): BrowserForms {
  const { pages, store, forms } = opts;
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string", bodyLimit: opts.bodyLimit },
    (req, body, done) => {
      if (!isBrowserNavigation(req)) {
        return done(
          Object.assign(new Error("Unsupported content type."), {
            statusCode: 415,
            code: "FST_ERR_CTP_INVALID_MEDIA_TYPE",
          }),
        );
      }
      done(null, parseUrlEncoded(body as string));
    },
  );

  // Refusals made before a form is read (too large, too many, rate limit, a server error) are
  // answered in JSON by the error handler; a browser posting the form itself gets its page
  // again with that message at the top instead of a screen of JSON.
  const formOf = new Map(Object.values(forms).map((form) => [form.path, form]));
  app.addHook("onSend", async (req, reply, payload) => {
    const defined = formOf.get(req.routeOptions.url ?? "");
    if (!defined || reply.statusCode < 400 || !isBrowserFormPost(req)) return payload;
    const form = (await opts.liveForm?.(defined)) ?? defined;
    if (!String(reply.getHeader("content-type") ?? "").startsWith("application/json")) return payload;
    let message = "Your submission could not be accepted. Please try again.";
    try {
      message = (JSON.parse(String(payload)) as { message?: string }).message || message;
    } catch {
      // Keep the general message.
    }
    const html = await pages.invalid(
      form.kind,
      { values: {}, errors: { _: message } },
      form,
      await opts.livePage?.(form.kind),
    );
    reply.headers(pageHeaders(pages.apiOrigins));
    reply.header("Content-Length", Buffer.byteLength(html));
    return html;
  });

  for (const kind of ["contact", "feedback"] as const) {
    app.get(confirmationPaths[kind], async (_req, reply) =>
      sendPage(reply, 200, await pages.success(kind, successMessages[kind]), pages.apiOrigins),
    );
  }
  app.get(confirmationPaths.application, async (req, reply) => {
    const number = applicationNumberFrom(req);
    const message = number
      ? applicationSuccessText(successMessages.application, number)
      : `${successMessages.application}.`;
    const around = await opts.livePage?.("application");
    return sendPage(reply, 200, await pages.success("application", message, around), pages.apiOrigins);
  });

  return {
    async answer(req, reply, form, check) {
      const { kind } = form;
      const body = await readBrowserForm(req, fileFieldOf(form)?.name);
      if ("problem" in body) {
        return sendPage(
          reply,
          400,
          await pages.invalid(kind, { values: {}, errors: { _: body.problem } }, form, await opts.livePage?.(kind)),
          pages.apiOrigins,
        );
      }
      const checked = await check(body.fields, body.file);
      const returned = async (errors: Record<string, string>) => {
        const sent = await opts.sentRole?.(form, body.fields);
        const values = keptValues(form, body.fields);
        const around = sent?.page ?? (await opts.livePage?.(kind));
        const html = await pages.invalid(kind, { values, errors, role: sent?.role }, form, around);
        return sendPage(reply, 400, html, pages.apiOrigins);
      };
      if (!checked.ok) return returned(checked.errors);
      const stored = await store(req, form, checked.data, body.fields, checked.resume);
      if ("refused" in stored) return returned({ _: stored.refused });
      const { reference } = stored;
      const to = confirmationPaths[kind];
      if (reference) {
        const secure = req.protocol === "https" ? "; Secure" : "";
        reply.header(
          "Set-Cookie",
          `${numberCookie}=${reference}; Path=${to}; Max-Age=900; HttpOnly; SameSite=Lax${secure}`,
        );
      }
      return reply.redirect(to, 303);
    },
  };
}
