import {
  applicationPath,
  applicationSchema,
  contactPath,
  contactSchema,
  feedbackPath,
  feedbackSchema,
  feedbackSuccessMessage,
  fieldErrors,
  honeypotField,
  resumeRules,
  applicationMessages,
} from "../../contracts/index";
import cors from "@fastify/cors";
import multipart from "@fastify/multipart";
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import crypto from "node:crypto";
import type { ZodType } from "zod";
import type { Config } from "../config";
import { outboxRowsFor } from "../mail/outbox-rows";
import { submissionRateLimit } from "../plugins/rate-limit";
import { submissionGuard } from "../plugins/submission-guard";
import type { Storage } from "../storage/db";
import type { SubmissionKind } from "../storage/schema";
import { insertSubmission, type ResumeData, type SubmissionFields } from "../storage/submissions";
import { sanitizeFileName, sniffResume } from "../uploads/resume-type";

export interface SubmissionRoutesOptions {
  config: Config;
  storage: Storage;
  now: () => Date;
  /** Called after a submission with outbox rows commits, so the mail worker can wake at once. */
  onQueued?: () => void;
}

export const successMessages = {
  contact: "Thank you for contacting us! Our team will get back to you within one business day.",
  feedback: feedbackSuccessMessage,
  application: "Your application has been submitted successfully",
} as const;

function invalid(reply: FastifyReply, errors: Record<string, string>) {
  const first = Object.values(errors)[0] ?? "Please check the form.";
  return reply.code(400).send({ status: false, message: first, errors });
}

function isSpam(data: Record<string, unknown>): boolean {
  const value = data[honeypotField];
  return typeof value === "string" && value.trim() !== "";
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

  async function store(
    req: FastifyRequest,
    kind: SubmissionKind,
    fields: SubmissionFields,
    spam: boolean,
    resume?: ResumeData,
  ) {
    const messages = outboxRowsFor(kind, fields.email, {
      ...config.mail,
      webhookUrl: config.webhookUrl,
    });
    const result = await insertSubmission(
      storage,
      kind,
      fields,
      { ip: req.ip, userAgent: req.headers["user-agent"]?.slice(0, 500) ?? null, spam, now: now() },
      messages,
      resume,
    );
    if (!spam) opts.onQueued?.();
    return result;
  }

  function jsonEndpoint<T extends SubmissionFields>(
    path: string,
    kind: SubmissionKind,
    schema: ZodType<T>,
    message: string,
  ) {
    app.post(path, { ...limited, preHandler: guard, bodyLimit: config.jsonBodyLimit }, async (req, reply) => {
      if (!req.headers["content-type"]?.startsWith("application/json")) {
        return reply.code(415).send({ status: false, message: "Please send the form as JSON." });
      }
      const body = req.body;
      if (typeof body !== "object" || body === null || Array.isArray(body)) {
        return reply.code(400).send({ status: false, message: "The request body must be a JSON object." });
      }
      const parsed = schema.safeParse(body);
      if (!parsed.success) return invalid(reply, fieldErrors(parsed.error));
      await store(req, kind, parsed.data, isSpam(body as Record<string, unknown>));
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
    if (!req.isMultipart()) {
      return reply.code(415).send({ status: false, message: "Please send the application as multipart/form-data." });
    }
    const fields: Record<string, string> = {};
    let file: { name: string; bytes: Buffer } | undefined;
    for await (const part of req.parts()) {
      if (part.type === "file") {
        if (part.fieldname !== "resume" || file) {
          // Drain what is left of the stream before answering.
          await part.toBuffer().catch(() => undefined);
          return reply.code(400).send({ status: false, message: "Please attach exactly one resume." });
        }
        file = { name: part.filename, bytes: await part.toBuffer() };
      } else if (typeof part.value === "string") {
        if (part.fieldname in fields) {
          return reply
            .code(400)
            .send({ status: false, message: `The field ${part.fieldname.slice(0, 40)} was sent twice.` });
        }
        fields[part.fieldname] = part.value;
      }
    }
    const parsed = applicationSchema.safeParse(fields);
    const errors = parsed.success ? {} : fieldErrors(parsed.error);
    const sniffed = file ? sniffResume(file.bytes) : undefined;
    if (!file || !sniffed?.ok) errors.resume = applicationMessages.resume;
    if (!parsed.success || !file || !sniffed?.ok) return invalid(reply, errors);

    const resume: ResumeData = {
      original_name: sanitizeFileName(file.name),
      detected_type: sniffed.type,
      size: file.bytes.length,
      sha256: crypto.createHash("sha256").update(file.bytes).digest("hex"),
      content: file.bytes,
    };
    const { reference } = await store(req, "application", parsed.data, isSpam(fields), resume);
    return reply.code(201).send({ status: true, message: successMessages.application, data: reference });
  });
};
