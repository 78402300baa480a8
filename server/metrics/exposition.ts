/**
 * Where /metrics is served (docs/decisions/049): off unless METRICS_PORT or METRICS_TOKEN is set.
 * METRICS_PORT: a listener of its own that answers /metrics and nothing else, for a firewall to
 * keep internal; the public port has no /metrics then. METRICS_TOKEN alone: /metrics on the
 * public port, answered only with `Authorization: Bearer <token>`. Both: the own port, with the token.
 */
import type { FastifyInstance, FastifyPluginAsync } from "fastify";
import crypto from "node:crypto";
import http from "node:http";
import type { Metrics } from "./metrics";

/** Compares digests, so the time taken says nothing about how much of the token matched. */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const given = /^Bearer\s+(\S+)$/i.exec(header ?? "")?.[1];
  if (!given) return false;
  const digest = (text: string) => crypto.createHash("sha256").update(text).digest();
  return crypto.timingSafeEqual(digest(given), digest(token));
}

/** Counts and times each answer by its route pattern (`/api/careers/roles/:slug`), never the raw URL. */
export function instrumentRequests(app: FastifyInstance, metrics: Metrics): void {
  app.addHook("onResponse", async (req, reply) => {
    // A request that matched no route has no pattern: one label for all of them.
    const route = req.routeOptions.url ?? "unmatched";
    metrics.requests.inc({ method: req.method, route, status: String(reply.statusCode) });
    metrics.duration.observe({ method: req.method, route }, reply.elapsedTime / 1000);
    if (reply.statusCode === 429) metrics.rateLimited.inc({ route });
  });
}

/** /metrics on the public port, behind the bearer token. */
export const metricsRoute: FastifyPluginAsync<{ metrics: Metrics; token: string }> = async (
  app,
  { metrics, token },
) => {
  app.get("/metrics", async (req, reply) => {
    reply.header("Cache-Control", "no-store");
    if (!bearerMatches(req.headers.authorization, token)) {
      return reply.code(401).header("WWW-Authenticate", 'Bearer realm="metrics"').send({ status: false });
    }
    return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
};

/** The listener of METRICS_PORT: GET /metrics (with the token when one is set), 404 for anything else. */
export async function startMetricsListener(
  metrics: Metrics,
  { port, host, token }: { port: number; host: string; token?: string },
): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    const path = (req.url ?? "").split("?")[0];
    if (req.method !== "GET" || path !== "/metrics") {
      res.writeHead(404, { "Content-Type": "text/plain; charset=utf-8" }).end("Not found.");
      return;
    }
    if (token !== undefined && !bearerMatches(req.headers.authorization, token)) {
      res.writeHead(401, { "WWW-Authenticate": 'Bearer realm="metrics"' }).end();
      return;
    }
    metrics.registry.metrics().then(
      (text) => res.writeHead(200, { "Content-Type": metrics.registry.contentType }).end(text),
      () => res.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, resolve);
  });
  return server;
}
