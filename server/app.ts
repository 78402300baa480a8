import Fastify, { type FastifyInstance } from "fastify";
import type { Config } from "./config";
import { healthRoutes } from "./routes/health";
import { securityHeaders } from "./plugins/security-headers";
import { siteRoutes } from "./routes/site";

/** Builds the whole server (site and API) without listening, so tests can use inject(). */
export async function buildApp(config: Config): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel },
    requestTimeout: 30_000,
  });
  await app.register(securityHeaders);
  await app.register(healthRoutes);
  await app.register(siteRoutes, { buildDir: config.buildDir });
  return app;
}
