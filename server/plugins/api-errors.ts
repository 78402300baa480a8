import type { FastifyError, FastifyInstance } from "fastify";
import fp from "fastify-plugin";

/** Status codes whose Fastify/plugin errors we answer with a message of our own. */
const messages: Record<number, string> = {
  400: "The request could not be read. Please check the data and try again.",
  403: "This request is not allowed.",
  404: "Not found.",
  413: "The request is too large.",
  415: "Unsupported content type.",
  429: "Too many submissions from your address. Please wait a few minutes and try again.",
  431: "Request headers are too large.",
};

const byCode: Record<string, { status: number; message: string }> = {
  FST_REQ_FILE_TOO_LARGE: { status: 413, message: "Your resume must be 5 MB or smaller." },
  FST_FILES_LIMIT: { status: 400, message: "Please attach only one resume." },
  FST_PARTS_LIMIT: { status: 413, message: "The form has too many fields." },
  FST_FIELDS_LIMIT: { status: 413, message: "The form has too many fields." },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: messages[413]! },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, message: messages[415]! },
  FST_INVALID_MULTIPART_CONTENT_TYPE: { status: 415, message: messages[415]! },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: "The request body is not valid JSON." },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: "The request body is empty." },
};

/**
 * Every error answer has the contract's shape { status: false, message }. Client errors say
 * what to fix; server errors say nothing internal and are logged with the request id.
 */
export const apiErrors = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, req, reply) => {
    const known = error.code ? byCode[error.code] : undefined;
    const status = known?.status ?? (error.statusCode && error.statusCode >= 400 ? error.statusCode : 500);
    if (status >= 500) {
      req.log.error({ err: error, reqId: req.id }, "request failed");
      return reply
        .code(500)
        .send({ status: false, message: "Something went wrong on our side. Please try again later." });
    }
    // The rate limit's own answer says how long to wait (plugins/rate-limit.ts); keep it.
    const own = status === 429 && error.code === "RATE_LIMITED" ? error.message : undefined;
    const message = known?.message ?? own ?? messages[status] ?? messages[400]!;
    return reply.code(status).send({ status: false, message });
  });
});
