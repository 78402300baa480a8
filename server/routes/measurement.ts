import {
  analyticsBatchSchema,
  analyticsBodyLimit,
  analyticsPath,
  consentBodyLimit,
  consentPath,
  consentRecordSchema,
} from "../../contracts/index";
import rateLimit from "@fastify/rate-limit";
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import type { Config } from "../config";
import type { Storage } from "../db/db";
import { insertConsentRecord, insertEvents } from "../analytics/analytics";

export interface MeasurementRoutesOptions {
  config: Config;
  storage: Storage;
  now: () => Date;
}

/** The browser asked not to be tracked: Global Privacy Control or Do Not Track. */
export function browserRefuses(req: FastifyRequest): boolean {
  return req.headers["sec-gpc"] === "1" || req.headers["dnt"] === "1";
}

/**
 * The analytics ingest and the consent record. Both take what navigator.sendBeacon sends: a
 * JSON string as text/plain (no CORS preflight, no cookie, nothing to answer but 204). Neither
 * stores the address or the user agent; the address lives only in the rate limiter's memory.
 */
export const measurementRoutes: FastifyPluginAsync<MeasurementRoutesOptions> = async (app, opts) => {
  const { config, storage, now } = opts;

  if (config.analytics.rateLimitMax > 0) {
    await app.register(rateLimit, {
      global: false,
      nameSpace: "measurement-rl:",
      errorResponseBuilder: () => ({ statusCode: 429, code: "RATE_LIMITED", message: "Too many requests." }),
    });
  }
  const limited =
    config.analytics.rateLimitMax > 0 ? { rateLimit: { max: config.analytics.rateLimitMax, timeWindow: 60_000 } } : {};

  /** Another site's page may not write into this site's statistics or consent records. */
  async function sameSite(req: FastifyRequest, reply: FastifyReply) {
    const origin = req.headers.origin;
    if (origin === undefined) return;
    const own = req.headers.host !== undefined && origin === `${req.protocol}://${req.headers.host}`;
    if (!own && !config.allowedOrigins.includes(origin)) {
      return reply.code(403).send({ status: false, message: "This request is not allowed from this origin." });
    }
  }

  function jsonBody(req: FastifyRequest): unknown {
    if (typeof req.body !== "string") return req.body;
    try {
      return JSON.parse(req.body);
    } catch {
      return undefined;
    }
  }

  const typed = (req: FastifyRequest) => {
    const type = req.headers["content-type"] ?? "";
    return type.startsWith("text/plain") || type.startsWith("application/json");
  };

  app.post(
    analyticsPath,
    { preHandler: sameSite, config: limited, bodyLimit: analyticsBodyLimit },
    async (req, reply) => {
      if (!typed(req)) return reply.code(415).send({ status: false, message: "Unsupported content type." });
      const parsed = analyticsBatchSchema.safeParse(jsonBody(req));
      if (!parsed.success) return reply.code(400).send({ status: false, message: "Not a batch of measurements." });
      // A beacon sent before the browser's refusal was noticed is dropped here too.
      if (!browserRefuses(req)) await insertEvents(storage, parsed.data.events, now());
      return reply.code(204).send();
    },
  );

  app.post(consentPath, { preHandler: sameSite, config: limited, bodyLimit: consentBodyLimit }, async (req, reply) => {
    if (!typed(req)) return reply.code(415).send({ status: false, message: "Unsupported content type." });
    const parsed = consentRecordSchema.safeParse(jsonBody(req));
    if (!parsed.success) return reply.code(400).send({ status: false, message: "Not a consent record." });
    await insertConsentRecord(storage, parsed.data, now());
    return reply.code(204).send();
  });
};
