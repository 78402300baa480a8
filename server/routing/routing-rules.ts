/**
 * Routing rules (docs/decisions/039-routing-rules-and-alerts.md): which accepted submissions an
 * admin wants announced where. The messages are queued in the submission's own transaction
 * (queueMessages in submissions.ts), so an arrival and its announcements commit together.
 */
import type { Insertable, Kysely, Selectable, Transaction, Updateable } from "kysely";
import { foldWords, holdsEveryWord } from "../../contracts/word-fold";
import { newMessageId } from "../outbox/outbox-rows";
import type { Storage } from "../db/db";
import type { Database, RoutingRulesTable } from "../db/schema";

export type RoutingRuleRow = Selectable<RoutingRulesTable>;

export function listRules(db: Kysely<Database>): Promise<RoutingRuleRow[]> {
  return db.selectFrom("routing_rules").selectAll().orderBy("kind").orderBy("id").execute();
}

export function ruleById(db: Kysely<Database>, id: number): Promise<RoutingRuleRow | undefined> {
  return db.selectFrom("routing_rules").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function insertRule(
  trx: Kysely<Database>,
  values: Insertable<RoutingRulesTable>,
): Promise<RoutingRuleRow> {
  return trx.insertInto("routing_rules").values(values).returningAll().executeTakeFirstOrThrow();
}

export async function changeRule(
  trx: Kysely<Database>,
  id: number,
  values: Updateable<RoutingRulesTable>,
): Promise<RoutingRuleRow | undefined> {
  return trx.updateTable("routing_rules").set(values).where("id", "=", id).returningAll().executeTakeFirst();
}

export async function removeRule(trx: Kysely<Database>, id: number): Promise<RoutingRuleRow | undefined> {
  return trx.deleteFrom("routing_rules").where("id", "=", id).returningAll().executeTakeFirst();
}

/**
 * Whether a rule takes a submission: its kind, and its reason words, message words or position
 * when it names them. Both sets of words are compared folded as the word search folds them
 * (contracts/word-fold.ts): the reason as text it contains, the message word by word prefix.
 */
export function ruleMatches(
  rule: Pick<RoutingRuleRow, "kind" | "reason" | "position" | "paused" | "message_words">,
  s: { kind: string; reason: string | null; position: string | null; message: string | null },
): boolean {
  if (rule.paused || rule.kind !== s.kind) return false;
  if (rule.reason && !foldWords(s.reason ?? "").includes(foldWords(rule.reason))) return false;
  if (rule.message_words && !holdsEveryWord(s.message ?? "", rule.message_words)) return false;
  if (rule.position && rule.position !== s.position) return false;
  return true;
}

type ActiveRule = Pick<
  RoutingRuleRow,
  "id" | "kind" | "reason" | "position" | "paused" | "email" | "webhook_sealed" | "message_words"
>;

/**
 * The active rules, read at most every few seconds per database: every accepted submission asks,
 * and a query of its own in each submission's transaction halved SQLite's group-commit throughput
 * (3,000 enquiries: about 1.0 s without, 2.5 s with). A change made in this process is seen at
 * once (forgetRoutingRules); one made by another instance within `rulesFreshMs`.
 */
const rulesFreshMs = 5_000;
const activeRulesRead = new WeakMap<object, { at: number; rules: ActiveRule[] }>();

export function forgetRoutingRules(storage: object): void {
  activeRulesRead.delete(storage);
}

/** The rules read lately, or undefined when they must be read again. */
function rulesReadLately(storage: object): ActiveRule[] | undefined {
  const read = activeRulesRead.get(storage);
  return read && Date.now() - read.at < rulesFreshMs ? read.rules : undefined;
}

async function readActiveRules(storage: object, trx: Transaction<Database>): Promise<ActiveRule[]> {
  const rules = await trx
    .selectFrom("routing_rules")
    .select(["id", "kind", "reason", "position", "paused", "email", "webhook_sealed", "message_words"])
    .where("paused", "=", 0)
    .orderBy("id")
    .execute();
  activeRulesRead.set(storage, { at: Date.now(), rules });
  return rules;
}

/**
 * Queues what the matching rules send for one submission, inside `trx`: an e-mail to a rule's
 * address, a chat message to its webhook (the outbox names the rule, never the URL). Returns how
 * many messages it queued.
 */
export async function queueRoutedMessages(
  storage: object,
  trx: Transaction<Database>,
  submissionId: number,
  now: Date,
): Promise<number> {
  const rules = rulesReadLately(storage) ?? (await readActiveRules(storage, trx));
  if (rules.length === 0) return 0;
  const submission = await trx
    .selectFrom("submissions")
    .select(["kind", "reason", "position", "message"])
    .where("id", "=", submissionId)
    .executeTakeFirst();
  if (!submission) return 0;
  const at = now.toISOString();
  const rows = rules
    .filter((rule) => ruleMatches(rule, submission))
    .flatMap((rule) => [
      ...(rule.email ? [{ channel: "email" as const, recipient: rule.email }] : []),
      ...(rule.webhook_sealed ? [{ channel: "webhook" as const, recipient: `rule:${rule.id}` }] : []),
    ])
    .map((m) => ({
      submission_id: submissionId,
      ...m,
      purpose: "routed" as const,
      status: "pending" as const,
      attempts: 0,
      next_attempt_at: at,
      message_id: newMessageId(),
      created_at: at,
    }));
  if (rows.length > 0) await trx.insertInto("outbox").values(rows).execute();
  return rows.length;
}

/**
 * Seals every rule's webhook again, in one transaction (ROUTING_SECRET_KEY's rotation):
 * `reseal` returns the value sealed with the new key, or null for one already sealed with it;
 * its throwing leaves every rule as it was.
 */
export async function resealWebhooks(
  storage: Pick<Storage, "transaction">,
  reseal: (rule: RoutingRuleRow & { webhook_sealed: string }) => string | null,
): Promise<{ resealed: number[]; unchanged: number[] }> {
  return storage.transaction(async (trx) => {
    const rules = await trx
      .selectFrom("routing_rules")
      .selectAll()
      .where("webhook_sealed", "is not", null)
      .orderBy("id")
      .execute();
    const done = { resealed: [] as number[], unchanged: [] as number[] };
    for (const rule of rules) {
      const sealed = reseal(rule as RoutingRuleRow & { webhook_sealed: string });
      if (sealed === null) {
        done.unchanged.push(rule.id);
        continue;
      }
      await trx.updateTable("routing_rules").set({ webhook_sealed: sealed }).where("id", "=", rule.id).execute();
      done.resealed.push(rule.id);
    }
    return done;
  });
}

/** A rule's webhook failed (decision 073): when, and why in words (never its URL). */
export async function noteWebhookFailure(
  storage: Pick<Storage, "transaction">,
  ruleId: number,
  at: Date,
  problem: string,
): Promise<void> {
  await storage.transaction((trx) =>
    trx
      .updateTable("routing_rules")
      .set({ webhook_failed_at: at.toISOString(), webhook_problem: problem.slice(0, 300) })
      .where("id", "=", ruleId)
      .execute(),
  );
}

/** A rule's webhook took a message: a failure shown before is over. Writes only when there was one. */
export async function noteWebhookDelivered(storage: Pick<Storage, "transaction">, ruleId: number): Promise<void> {
  await storage.transaction((trx) =>
    trx
      .updateTable("routing_rules")
      .set({ webhook_failed_at: null, webhook_problem: null })
      .where("id", "=", ruleId)
      .where("webhook_problem", "is not", null)
      .execute(),
  );
}

/** A "Send a test" on the rule's webhook: when it passed, or null when it did not (decision 077). */
export async function noteWebhookTest(trx: Kysely<Database>, ruleId: number, passedAt: Date | null): Promise<void> {
  await trx
    .updateTable("routing_rules")
    .set({ webhook_test_passed_at: passedAt?.toISOString() ?? null })
    .where("id", "=", ruleId)
    .execute();
}

/** How many of each rule's chat messages are parked as failed, by rule id (Retry queues them again). */
export async function failedWebhookCounts(db: Kysely<Database>): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom("outbox")
    .select(["recipient", db.fn.countAll<number | string>().as("n")])
    .where("purpose", "=", "routed")
    .where("channel", "=", "webhook")
    .where("status", "=", "failed")
    .groupBy("recipient")
    .execute();
  const counts = new Map<number, number>();
  for (const r of rows) {
    const id = /^rule:(\d+)$/.exec(r.recipient)?.[1];
    if (id) counts.set(Number(id), Number(r.n));
  }
  return counts;
}

/** Queues a rule's failed chat messages again, from now, with fresh attempts; how many. */
export async function retryRuleWebhook(trx: Kysely<Database>, ruleId: number, now: Date): Promise<number> {
  const res = await trx
    .updateTable("outbox")
    .set({ status: "pending", attempts: 0, next_attempt_at: now.toISOString(), last_error: null })
    .where("purpose", "=", "routed")
    .where("channel", "=", "webhook")
    .where("recipient", "=", `rule:${ruleId}`)
    .where("status", "=", "failed")
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}
