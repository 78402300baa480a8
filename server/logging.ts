/**
 * The servers' log settings. Fastify's request lines name the client's address and port by
 * default; those lines sit in log files that neither the 30-day clearing of addresses nor an
 * erasure reaches, so no request line carries them (the submission keeps its address for abuse
 * handling, IP_RETENTION_DAYS, where the clearing finds it).
 */
import type { FastifyRequest, FastifyServerOptions } from "fastify";
import type { Config } from "./config";

/** A request as its log lines show it: what was asked, never who asked. */
export function requestForLog(req: FastifyRequest) {
  return { method: req.method, url: req.url, host: req.host };
}

export function loggerOptions(
  config: Pick<Config, "logLevel">,
  stream?: { write(line: string): void },
): FastifyServerOptions["logger"] {
  if (config.logLevel === "silent") return false;
  return { level: config.logLevel, serializers: { req: requestForLog }, ...(stream ? { stream } : {}) };
}
