import { sentRoleSlug, type AppliedRole } from "../../contracts/careers/applied-role";
import { wasPublic } from "../../contracts/careers/roles";
import { formDefinitions, type FormDefinition, type FormDefinitions } from "../../contracts/forms/index";
import type { SubmittedValues } from "../../contracts/forms/schema";
import { resumeRules } from "../../contracts/index";
import { sentLeadSource, withoutSource } from "../../contracts/lead-source";
import { successMessages } from "../../contracts/success";
import cors from "@fastify/cors";
import multipart from "@fastify/multipart";
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import type { Config } from "../config";
import type { AnswerPages, AnswerPlace } from "../forms/answer-pages";
import { registerBrowserForms } from "../forms/browser-answers";
import { fileFieldOf } from "../forms/check";
import { liveForms } from "../forms/live-positions";
import { isBrowserFormPost } from "../forms/navigation";
import { readMultipart } from "../forms/read-body";
import type { RolePage } from "../forms/role-answer-page";
import { outboxRowsFor } from "../outbox/outbox-rows";
import { submissionRateLimit } from "../plugins/rate-limit";
import { submissionGuard } from "../plugins/submission-guard";
import { registerSpamDefence } from "../spam/defence";
import type { Storage } from "../db/db";
import { roleBySlug } from "../postings/job-roles";
import { insertSubmission, submitterEmail, type ResumeData } from "../submissions/submissions";

export interface SubmissionRoutesOptions {
  config: Config;
  storage: Storage;
  now: () => Date;
  /** Called after a submission with outbox rows commits, so the mail worker can wake at once. */
  onQueued?: () => void;
  /** Pages for a browser's own form posts; without them such posts are refused as before. */
  answerPages?: AnswerPages;
  /** The forms to answer, one endpoint each: the site's (a test may give one a field more). */
  forms?: FormDefinitions;
  /** A role's live page, to return a form posted from it on (server/forms/role-answer-page.ts). */
  rolePage?: RolePage;
  /** The careers page as it reads now: where an application without a role page is answered. */
  careersPage?: () => Promise<AnswerPlace>;
  /** The site's pages (its manifest): the only paths a submission's source may name. */
  sitePages?: readonly string[];
}

export { successMessages };

function invalid(reply: FastifyReply, errors: Record<string, string>) {
  const first = Object.values(errors)[0] ?? "Please check the form.";
  return reply.code(400).send({ status: false, message: first, errors });
}

/** The contact enquiry, the job application and the feedback endpoints. */
export const submissionRoutes: FastifyPluginAsync<SubmissionRoutesOptions> = async (app, opts) => {
  const { config, storage, now } = opts;
  const forms: FormDefinitions = opts.forms ?? formDefinitions;
  const sitePages = new Set(opts.sitePages ?? []);

  await app.register(cors, {
    origin: [...config.allowedOrigins],
    methods: ["POST"],
    allowedHeaders: ["Content-Type", "X-Requested-With"],
    maxAge: 600,
  });

  // One budget per address across the three forms (plugins/rate-limit.ts).
  const limit = await submissionRateLimit(app, config);
  const limited = limit ? { onRequest: limit } : {};

  await app.register(multipart, {
    limits: {
      fileSize: resumeRules.maxBytes,
      files: 1,
      fields: 20,
      fieldSize: 20 * 1024,
      parts: 22,
      headerPairs: 100,
    },
  });

  const guard = submissionGuard(config.allowedOrigins);
  const spamDefence = registerSpamDefence(app, { config, storage, now });

  /**
   * Judges a valid submission (server/spam/) and stores it: ordinary ones with their messages,
   * quarantined ones with their reasons and no message at all. Either way the sender is told it
   * arrived. A proof that is invalid, expired or used before is refused instead.
   */
  async function store(
    req: FastifyRequest,
    form: FormDefinition,
    values: SubmittedValues,
    sent: Record<string, unknown>,
    resume?: ResumeData,
  ): Promise<{ reference: string | null } | { refused: string }> {
    // The source's keys are the page's, not the visitor's words: the content rules do not read them.
    const assessment = await spamDefence.assess(req, withoutSource(sent), isBrowserFormPost(req));
    if ("refused" in assessment) {
      app.metrics.submissions.inc({ kind: form.kind, verdict: "refused" });
      return assessment;
    }
    const spam = assessment.verdict !== null;
    const messages = outboxRowsFor(form.kind, submitterEmail(form, values), {
      ...config.mail,
      webhookUrl: config.webhookUrl,
    });
    const result = await insertSubmission(
      storage,
      form,
      values,
      {
        ip: req.ip,
        userAgent: req.headers["user-agent"]?.slice(0, 500) ?? null,
        spam,
        spamVerdict: assessment.verdict,
        spamReasons: assessment.reasons,
        now: now(),
        // An application may name the role it was sent for, beside the form's fields.
        role: form.kind === "application" ? sentRoleSlug(sent) : null,
        source: sentLeadSource(sent, sitePages),
      },
      messages,
      resume,
    );
    app.metrics.submissions.inc({ kind: form.kind, verdict: assessment.verdict ?? "accepted" });
    if (!spam) opts.onQueued?.();
    return result;
  }

  /**
   * The role an application names by its slug, when one has it (any state): a browser's form
   * returned with a message is for that role again, on the role's page while it is open.
   * Anything else names no role.
   */
  async function sentRole(
    form: FormDefinition,
    fields: Record<string, unknown>,
  ): Promise<{ role: AppliedRole; page?: AnswerPlace } | undefined> {
    const slug = form.kind === "application" ? sentRoleSlug(fields) : null;
    const role = slug ? await roleBySlug(storage, slug) : undefined;
    // A draft, or a role not yet posted, was never on the site: its slug names nothing here.
    if (!role || !wasPublic(role, now())) return undefined;
    return {
      role: { slug: role.slug, title: role.title, position: role.position, offices: role.offices },
      page: await opts.rolePage?.(role),
    };
  }

  const liveForm = liveForms(storage);

  const browserForms = opts.answerPages
    ? registerBrowserForms(app, {
        pages: opts.answerPages,
        store,
        bodyLimit: config.jsonBodyLimit,
        forms,
        liveForm: async (form) => (await liveForm(form)).form,
        sentRole,
        livePage: (kind) => (kind === "application" ? opts.careersPage?.() : undefined),
      })
    : undefined;

  /** What a script is told when it sends a form in another encoding than the form's. */
  const wrongEncoding = {
    json: "Please send the form as JSON.",
    multipart: "Please send the application as multipart/form-data.",
  } as const;

  /**
   * Reads a script's post as its form's encoding says: a JSON object, or multipart fields and the
   * form's one file. An answer already sent comes back as `refused`.
   */
  async function readPost(req: FastifyRequest, reply: FastifyReply, form: FormDefinition) {
    if (form.encoding === "multipart") {
      if (!req.isMultipart())
        return { refused: reply.code(415).send({ status: false, message: wrongEncoding.multipart }) };
      const body = await readMultipart(req, fileFieldOf(form)?.name);
      if ("problem" in body) return { refused: reply.code(400).send({ status: false, message: body.problem }) };
      return { fields: body.fields as Record<string, unknown>, file: body.file };
    }
    if (!req.headers["content-type"]?.startsWith("application/json")) {
      return { refused: reply.code(415).send({ status: false, message: wrongEncoding.json }) };
    }
    const body = req.body;
    if (typeof body !== "object" || body === null || Array.isArray(body)) {
      return { refused: reply.code(400).send({ status: false, message: "The request body must be a JSON object." }) };
    }
    return { fields: body as Record<string, unknown>, file: undefined };
  }

  // One endpoint per form, its validator built from its definition: the application's with the
  // positions the form offers now (forms/live-positions.ts), rebuilt when they change.
  for (const defined of Object.values(forms)) {
    const options = defined.encoding === "json" ? { bodyLimit: config.jsonBodyLimit } : {};
    app.post(defined.path, { ...limited, preHandler: guard, ...options }, async (req, reply) => {
      const { form, check } = await liveForm(defined);
      if (browserForms && isBrowserFormPost(req)) return browserForms.answer(req, reply, form, check);
      const post = await readPost(req, reply, form);
      if ("refused" in post) return post.refused;
      const checked = await check(post.fields, post.file);
      if (!checked.ok) return invalid(reply, checked.errors);
      const stored = await store(req, form, checked.data, post.fields, checked.resume);
      if ("refused" in stored) return reply.code(400).send({ status: false, message: stored.refused });
      const message = successMessages[form.kind];
      // A form that numbers its submissions (the application) answers with the number.
      return reply
        .code(201)
        .send(
          stored.reference === null ? { status: true, message } : { status: true, message, data: stored.reference },
        );
    });
  }
};
