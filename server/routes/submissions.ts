import {
  applicationPath,
  contactPath,
  contactSchema,
  feedbackPath,
  feedbackSchema,
  fieldErrors,
  resumeRules,
} from "../../contracts/index";
import { successMessages } from "../../contracts/success";
import cors from "@fastify/cors";
import multipart from "@fastify/multipart";
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import type { ZodType } from "zod";
import type { Config } from "../config";
import type { AnswerPages } from "../forms/answer-pages";
import { checkApplication } from "../forms/application";
import { registerBrowserForms } from "../forms/browser-answers";
import { isBrowserFormPost } from "../forms/navigation";
import { readMultipart } from "../forms/read-body";
import { outboxRowsFor } from "../mail/outbox-rows";
import { submissionRateLimit } from "../plugins/rate-limit";
import { submissionGuard } from "../plugins/submission-guard";
import { registerSpamDefence } from "../spam/defence";
import type { Storage } from "../storage/db";
import type { SubmissionKind } from "../storage/schema";
import { insertSubmission, type ResumeData, type SubmissionFields } from "../storage/submissions";

export interface SubmissionRoutesOptions {
  config: Config;
  storage: Storage;
  now: () => Date;
  /** Called after a submission with outbox rows commits, so the mail worker can wake at once. */
  onQueued?: () => void;
  /** Pages for a browser's own form posts; without them such posts are refused as before. */
  answerPages?: AnswerPages;
}

export { successMessages };

function invalid(reply: FastifyReply, errors: Record<string, string>) {
  const first = Object.values(errors)[0] ?? "Please check the form.";
  return reply.code(400).send({ status: false, message: first, errors });
}

/** The contact enquiry, the job application and the feedback endpoints. */
export const submissionRoutes: FastifyPluginAsync<SubmissionRoutesOptions> = async (app, opts) => {
  const { config, storage, now } = opts;

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
    kind: SubmissionKind,
    fields: SubmissionFields,
    sent: Record<string, unknown>,
    resume?: ResumeData,
  ): Promise<{ reference: string | null } | { refused: string }> {
    const assessment = await spamDefence.assess(req, sent, isBrowserFormPost(req));
    if ("refused" in assessment) return assessment;
    const spam = assessment.verdict !== null;
    const messages = outboxRowsFor(kind, fields.email, {
      ...config.mail,
      webhookUrl: config.webhookUrl,
    });
    const result = await insertSubmission(
      storage,
      kind,
      fields,
      {
        ip: req.ip,
        userAgent: req.headers["user-agent"]?.slice(0, 500) ?? null,
        spam,
        spamVerdict: assessment.verdict,
        spamReasons: assessment.reasons,
        now: now(),
      },
      messages,
      resume,
    );
    if (!spam) opts.onQueued?.();
    return result;
  }

  const browserForms = opts.answerPages
    ? registerBrowserForms(app, { pages: opts.answerPages, store, bodyLimit: config.jsonBodyLimit })
    : undefined;

  function jsonEndpoint<T extends SubmissionFields>(
    path: string,
    kind: SubmissionKind,
    schema: ZodType<T>,
    message: string,
  ) {
    app.post(path, { ...limited, preHandler: guard, bodyLimit: config.jsonBodyLimit }, async (req, reply) => {
      if (browserForms && isBrowserFormPost(req)) {
        return browserForms.answer(req, reply, kind, (fields) => {
          const parsed = schema.safeParse(fields);
          return parsed.success ? { ok: true, data: parsed.data } : { ok: false, errors: fieldErrors(parsed.error) };
        });
      }
      if (!req.headers["content-type"]?.startsWith("application/json")) {
        return reply.code(415).send({ status: false, message: "Please send the form as JSON." });
      }
      const body = req.body;
      if (typeof body !== "object" || body === null || Array.isArray(body)) {
        return reply.code(400).send({ status: false, message: "The request body must be a JSON object." });
      }
      const parsed = schema.safeParse(body);
      if (!parsed.success) return invalid(reply, fieldErrors(parsed.error));
      const stored = await store(req, kind, parsed.data, body as Record<string, unknown>);
      if ("refused" in stored) return reply.code(400).send({ status: false, message: stored.refused });
      return reply.code(201).send({ status: true, message });
    });
  }

  jsonEndpoint(contactPath, "contact", contactSchema, successMessages.contact);
  jsonEndpoint(
    feedbackPath,
    "feedback",
    feedbackSchema.transform((f) => ({ ...f, feedbackType: f.feedbackType })),
    successMessages.feedback,
  );

  app.post(applicationPath, { ...limited, preHandler: guard }, async (req, reply) => {
    if (browserForms && isBrowserFormPost(req)) return browserForms.answer(req, reply, "application", checkApplication);
    if (!req.isMultipart()) {
      return reply.code(415).send({ status: false, message: "Please send the application as multipart/form-data." });
    }
    const body = await readMultipart(req);
    if ("problem" in body) return reply.code(400).send({ status: false, message: body.problem });
    const checked = await checkApplication(body.fields, body.file);
    if (!checked.ok) return invalid(reply, checked.errors);
    const stored = await store(req, "application", checked.data, body.fields, checked.resume);
    if ("refused" in stored) return reply.code(400).send({ status: false, message: stored.refused });
    return reply.code(201).send({ status: true, message: successMessages.application, data: stored.reference });
  });
};
