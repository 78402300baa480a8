/**
 * The spam defence as the submission routes use it: the challenge endpoint, and for each
 * submission either a refusal (a proof that is invalid, expired or used before) or a verdict
 * (verdict.ts) to store with it. Nothing here calls another host.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { Redis } from "ioredis";
import { spamChallengePath, spamProofField } from "../../contracts/spam-proof";
import type { Config } from "../config";
import { redisReady } from "../plugins/redis-ready";
import type { Storage } from "../db/db";
import { checkProof, issueChallenge, proofKeys, type ProofKeys } from "./proof";
import { usedProofsInDatabase, usedProofsInRedis, type UsedProofs } from "./used-proofs";
import { judge, type Verdict } from "./verdict";

export type Assessment = { refused: string } | Verdict;

export interface SpamDefence {
  assess(req: FastifyRequest, fields: Record<string, unknown>, browserPost: boolean): Promise<Assessment>;
}

export function registerSpamDefence(
  app: FastifyInstance,
  opts: { config: Config; storage: Storage; now: () => Date },
): SpamDefence {
  const { config, storage, now } = opts;
  let keys: Promise<ProofKeys> | undefined;
  const getKeys = () => (keys ??= proofKeys(config, storage));
  let used: UsedProofs;
  if (config.redisUrl) {
    const redis = new Redis(config.redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false });
    app.addHook("onClose", async () => void redis.disconnect());
    app.addHook("onReady", () => redisReady(redis));
    used = usedProofsInRedis(redis);
  } else {
    used = usedProofsInDatabase(storage);
  }

  app.get(spamChallengePath, async (_req, reply) => {
    const challenge = await issueChallenge(await getKeys(), config.spam, now());
    return reply.header("Cache-Control", "no-store").send(challenge);
  });

  return {
    async assess(_req, fields, browserPost) {
      const at = now();
      const proof = await checkProof(fields[spamProofField], await getKeys(), used, at);
      if (proof.status === "refused") return { refused: proof.message };
      return judge({
        fields,
        proof,
        browserPost,
        proofRequired: config.spam.proofRequired,
        minSeconds: config.spam.minSeconds,
        now: at,
      });
    },
  };
}
