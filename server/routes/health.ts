import type { FastifyPluginAsync } from "fastify";
import type { Storage } from "../storage/db";

/** Liveness and the database's reachability, for load balancers and operators. */
export const healthRoutes: FastifyPluginAsync<{ storage: Storage }> = async (app, { storage }) => {
  app.get("/healthz", async (_req, reply) => {
    const reachable = await storage.ping();
    return reply
      .code(reachable ? 200 : 503)
      .header("Cache-Control", "no-store")
      .send({ status: reachable ? "ok" : "unavailable", database: reachable ? "reachable" : "unreachable" });
  });
};
