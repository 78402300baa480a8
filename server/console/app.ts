/**
 * The staff console on a listener of its own (ADMIN_PORT): the same routes as under the public
 * port, on the same storage, so a firewall can keep the console's port internal.
 */
import Fastify from "fastify";
import type { Config } from "../config";
import { loggerOptions } from "../logging";
import { instrumentRequests } from "../metrics/exposition";
import { createMetrics, type Metrics } from "../metrics/metrics";
import { closeConnectionsWhileDraining, type Drain } from "../plugins/drain";
import { securityHeaders } from "../plugins/security-headers";
import type { Storage } from "../db/db";
import { canonicalConsoleUrl } from "./console-path";
import { staffConsole } from "./plugin";

export async function buildConsoleApp(
  config: Config,
  storage: Storage,
  now: () => Date = () => new Date(),
  // The public server's series (index.ts), so one /metrics counts both listeners.
  metrics: Metrics = createMetrics(storage, { processMetrics: false, now }),
  // The public server's (index.ts), so SIGTERM's lame duck closes the console's connections too.
  drain: Drain = { started: false },
) {
  const app = Fastify({
    logger: loggerOptions(config),
    // X-Forwarded-For is believed only from the proxies TRUST_PROXY names (config.ts).
    trustProxy: config.trustProxy.length > 0 ? [...config.trustProxy] : false,
    bodyLimit: config.jsonBodyLimit,
    // One spelling of the console's addresses before routing (console-path.ts).
    rewriteUrl: (req) => canonicalConsoleUrl(req.url ?? "/"),
    onProtoPoisoning: "remove",
    onConstructorPoisoning: "remove",
    // Drains as the public listener does (plugins/drain.ts): answered, not refused with 503.
    return503OnClosing: false,
  });
  closeConnectionsWhileDraining(app, drain);
  app.decorate("metrics", metrics);
  if (config.metrics.enabled) instrumentRequests(app, metrics);
  await app.register(securityHeaders);
  app.decorate("consoleRoutes", []);
  await app.register(staffConsole, { config, storage, now });
  app.setNotFoundHandler((_req, reply) => reply.code(404).type("text/plain; charset=utf-8").send("Not found."));
  return app;
}
