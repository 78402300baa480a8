import type { FastifyPluginAsync } from "fastify";
import { Redis } from "ioredis";
import type { MailOutcome } from "../mail/last-outcome";
import type { Storage } from "../db/db";

/** Longest one readiness check may take before its part counts as failing. */
const checkTimeoutMs = 2_000;

/** Each part's state, in words an operator reads; never an error text (it may hold a URL or address). */
type PartState = "ok" | "unreachable" | "not configured" | "no send yet" | "last send failed";

/** The check's answer, or false when it throws or takes longer than checkTimeoutMs. */
async function withinTimeout(check: Promise<boolean>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), checkTimeoutMs);
  });
  try {
    return await Promise.race([check.catch(() => false), late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * `/healthz`: liveness, the process answers (a balancer or supervisor restarts it when not).
 * `/readyz`: readiness, whether this instance can do its work now: a real query on the database,
 * a PING to Redis when REDIS_URL is set, and the mail transport's last send. 503 names each part
 * that fails, in `failing`; the body carries no error text, so no connection string or address.
 */
export const healthRoutes: FastifyPluginAsync<{
  storage: Storage;
  redisUrl?: string;
  mail: MailOutcome;
  /** Started by SIGTERM: the instance is leaving, so a balancer should send it nothing new. */
  drain: { started: boolean };
}> = async (app, { storage, redisUrl, mail, drain }) => {
  app.get("/healthz", async (_req, reply) => reply.header("Cache-Control", "no-store").send({ status: "ok" }));

  // Its own connection: commands fail at once while it is down (no offline queue), as the rate
  // limit's do, so the check says what a submission would meet.
  const redis = redisUrl ? new Redis(redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false }) : undefined;
  // An unreachable Redis is reported by /readyz; its connection errors need no log line each.
  redis?.on("error", () => undefined);
  if (redis) app.addHook("onClose", async () => void redis.disconnect());

  app.get("/readyz", async (_req, reply) => {
    const [database, redisOk] = await Promise.all([
      withinTimeout(storage.ping()),
      redis ? withinTimeout(redis.ping().then((answer) => answer === "PONG")) : Promise.resolve(undefined),
    ]);
    const checks: Record<"database" | "redis" | "mail", PartState> = {
      database: database ? "ok" : "unreachable",
      redis: redisOk === undefined ? "not configured" : redisOk ? "ok" : "unreachable",
      mail: !mail.last ? "no send yet" : mail.last.ok ? "ok" : "last send failed",
    };
    const failing: string[] = (Object.keys(checks) as (keyof typeof checks)[]).filter(
      (part) => checks[part] === "unreachable" || checks[part] === "last send failed",
    );
    if (drain.started) failing.push("draining");
    return reply
      .code(failing.length === 0 ? 200 : 503)
      .header("Cache-Control", "no-store")
      .send({ status: failing.length === 0 ? "ready" : "unavailable", failing, checks });
  });
};
