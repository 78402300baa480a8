/**
 * Routing rules (issue 27), for `routing:edit` (administrators): list, add, change, pause, resume and delete the
 * rules that announce accepted submissions by e-mail or in a chat channel; and, for
 * `outbox:manage`, the mail-health reading behind the console's alert banner. Each change and its audit entry share a transaction;
 * the entry names the rule by number and the webhook by its host, never its URL (a credential).
 */
import type { FastifyInstance, FastifyReply } from "fastify";
import { z } from "zod";
import type {
  RoutingAnswer,
  RoutingRetryAnswer,
  RoutingRuleAnswer,
  RoutingTestAnswer,
} from "../../contracts/console-answers";
import { allPositions } from "../postings/positions";
import { submissionKinds } from "../../contracts/submission-kinds";
import { mailHealthNow } from "../mail/alerts";
import { formatFor, sendTestMessage, webhookProblem } from "../mail/routed";
import { sealSecret } from "../mail/routing-secret";
import {
  changeRule,
  failedWebhookCounts,
  forgetRoutingRules,
  insertRule,
  listRules,
  noteWebhookTest,
  removeRule,
  retryRuleWebhook,
  ruleById,
  type RoutingRuleRow,
} from "../routing/routing-rules";
import { needs } from "./access";
import { appendAudit, type AuditAction } from "./audit";
import { idParams, notFound, staffOf } from "./http";
import type { RouteContext } from "./route-context";

const routing = needs("routing:edit");

export const noKeyMessage =
  "Chat webhooks cannot be saved yet: the server has no ROUTING_SECRET_KEY to encrypt them with. Ask whoever runs the server to set one (docs/settings.md), or route to an e-mail address.";

const noControl = (v: string) => ![...v].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);
const ruleInput = z.object({
  kind: z.enum(submissionKinds, { error: "Choose the kind of submission the rule is for." }),
  reason: z
    .string()
    .trim()
    .max(100, "Keep the reason's words to 100 characters.")
    .refine(noControl, "Use plain words for the reason.")
    .nullish(),
  /** Words each of which must start a word of the message, whatever the kind (decision 073). */
  messageWords: z
    .string()
    .trim()
    .max(100, "Keep the message's words to 100 characters.")
    .refine(noControl, "Use plain words for the message.")
    .nullish(),
  /** One of the positions table's names (decision 040), checked against it in `columns`. */
  position: z.string().trim().max(120).nullish(),
  email: z
    .string()
    .trim()
    .max(254, "That e-mail address is too long.")
    .pipe(z.union([z.literal(""), z.email("Give a valid e-mail address, or leave it empty.")]))
    .nullish(),
  /** Left out when changing a rule: keep its webhook; empty: remove it. */
  webhookUrl: z.string().trim().max(4000, "The webhook address is too long (2,000 characters at most).").nullish(),
  format: z.enum(["auto", "slack", "teams", "generic"]).default("auto"),
  systemAlerts: z.boolean().default(false),
});

/** `failed`: how many of the rule's chat messages are parked as failed (failedWebhookCounts). */
function answerOf(rule: RoutingRuleRow, failed = 0): RoutingRuleAnswer {
  return {
    id: rule.id,
    kind: rule.kind,
    reason: rule.reason,
    position: rule.position,
    messageWords: rule.message_words,
    email: rule.email,
    webhookHost: rule.webhook_host,
    webhookFormat: rule.webhook_format,
    systemAlerts: rule.system_alerts === 1,
    paused: rule.paused === 1,
    webhookFailure:
      rule.webhook_failed_at && rule.webhook_problem
        ? {
            at: rule.webhook_failed_at,
            problem: rule.webhook_problem,
            failedMessages: failed,
            testPassedAt: passedSince(rule.webhook_test_passed_at, rule.webhook_failed_at),
          }
        : null,
    updated_at: rule.updated_at,
  };
}

/** A passed test's time when it came after the failure (ISO times compare as text), else null. */
function passedSince(passedAt: string | null, failedAt: string): string | null {
  return passedAt && passedAt > failedAt ? passedAt : null;
}

/** The audit entry's detail: what the rule matches and where it sends, the webhook by host only. */
function described(rule: RoutingRuleRow): string {
  const match = [
    rule.kind,
    rule.reason && `reason contains “${rule.reason}”`,
    rule.message_words && `message has “${rule.message_words}”`,
    rule.position && `position ${rule.position}`,
  ].filter(Boolean);
  const to = [
    rule.email && `e-mail ${rule.email}`,
    rule.webhook_host && `${rule.webhook_format} chat at ${rule.webhook_host}`,
  ]
    .filter(Boolean)
    .join(" and ");
  return `${match.join(", ")} → ${to}${rule.system_alerts ? "; mail-failure alerts too" : ""}${rule.paused ? "; paused" : ""}`;
}

/** What the server learns of a rule's webhook by using it, never set from the form. */
type WebhookState = "webhook_failed_at" | "webhook_problem" | "webhook_test_passed_at";

function refuse(reply: FastifyReply, code: number, message: string) {
  return reply.code(code).send({ status: false, message });
}

export async function routingRoutes(app: FastifyInstance, ctx: RouteContext) {
  const { storage, now, config } = ctx;
  const key = config.routing.secretKey;

  const positionNames = async () => (await allPositions(storage.db)).map((p) => p.name);

  /** The columns a valid input sets; `keep` is the rule being changed, whose webhook stays when none is given. */
  function columns(
    body: unknown,
    /** The positions table's names, retired ones included: a rule may wait for a role to reopen. */
    positionNames: readonly string[],
    keep?: RoutingRuleRow,
  ):
    | {
        ok: true;
        values: Omit<RoutingRuleRow, "id" | "created_at" | "updated_at" | "paused" | WebhookState> &
          Partial<Pick<RoutingRuleRow, WebhookState>>;
      }
    | { ok: false; code: number; message: string } {
    const parsed = ruleInput.safeParse(body);
    if (!parsed.success) return { ok: false, code: 400, message: parsed.error.issues[0]!.message };
    const input = parsed.data;
    if (input.reason && input.kind !== "contact")
      return { ok: false, code: 400, message: "Only contact enquiries have a reason: clear it, or choose contact." };
    if (input.position && !positionNames.includes(input.position))
      return { ok: false, code: 400, message: "Choose one of the application form's positions." };
    if (input.position && input.kind !== "application")
      return { ok: false, code: 400, message: "Only applications have a position: clear it, or choose application." };
    let sealed = keep?.webhook_sealed ?? null;
    let host = keep?.webhook_host ?? null;
    let format = keep?.webhook_format ?? null;
    if (input.webhookUrl === "" || input.webhookUrl === null) {
      sealed = host = format = null;
    } else if (input.webhookUrl !== undefined) {
      const problem = webhookProblem(input.webhookUrl, { allowLoopbackHttp: config.routing.allowLoopbackHttp });
      if (problem) return { ok: false, code: 400, message: problem };
      if (!key) return { ok: false, code: 409, message: noKeyMessage };
      const url = new URL(input.webhookUrl);
      sealed = sealSecret(key, url.href);
      host = url.host;
      format = input.format === "auto" ? formatFor(url) : input.format;
    } else if (sealed && input.format !== "auto") {
      format = input.format;
    }
    const email = input.email || null;
    if (!email && !sealed)
      return {
        ok: false,
        code: 400,
        message: "Give an e-mail address, a chat webhook, or both: the rule must send somewhere.",
      };
    return {
      ok: true,
      values: {
        kind: input.kind,
        reason: input.reason || null,
        message_words: input.messageWords?.replace(/\s+/g, " ") || null,
        position: input.position ?? null,
        email,
        webhook_sealed: sealed,
        webhook_host: host,
        webhook_format: format,
        system_alerts: input.systemAlerts ? 1 : 0,
        // A new or removed webhook starts with no failure of the old one's on show.
        ...(input.webhookUrl !== undefined
          ? { webhook_failed_at: null, webhook_problem: null, webhook_test_passed_at: null }
          : {}),
      },
    };
  }

  app.get("/admin/api/routing", routing, async () => {
    const rules = await listRules(storage.db);
    const failed = await failedWebhookCounts(storage.db);
    return {
      status: true,
      data: {
        rules: rules.map((rule) => answerOf(rule, failed.get(rule.id))),
        keyConfigured: Boolean(key),
        positions: await positionNames(),
      } satisfies RoutingAnswer,
    };
  });

  app.get("/admin/api/mail-health", needs("outbox:manage"), async () => ({
    status: true,
    data: await mailHealthNow(storage.db, now()),
  }));

  /** Runs a change and its audit entry in one transaction; 404 when the rule is gone. */
  async function audited(
    reply: FastifyReply,
    staff: { id: number; name: string },
    action: AuditAction,
    work: (trx: typeof storage.db, at: string) => Promise<RoutingRuleRow | undefined>,
    code = 200,
  ) {
    const at = now();
    const rule = await storage.transaction(async (trx) => {
      const done = await work(trx, at.toISOString());
      if (done) await appendAudit(trx, { staff, action, subject: `rule #${done.id}`, detail: described(done) }, at);
      return done;
    });
    // Submissions arriving from now on see the change (routing-rules.ts reads the rules seldom).
    forgetRoutingRules(storage);
    if (!rule) return notFound(reply);
    const failed = await failedWebhookCounts(storage.db);
    return reply.code(code).send({ status: true, data: answerOf(rule, failed.get(rule.id)) });
  }

  app.post("/admin/api/routing", routing, async (req, reply) => {
    const input = columns(req.body, await positionNames());
    if (!input.ok) return refuse(reply, input.code, input.message);
    return audited(
      reply,
      staffOf(req),
      "routing rule added",
      (trx, at) => insertRule(trx, { ...input.values, paused: 0, created_at: at, updated_at: at }),
      201,
    );
  });

  app.post("/admin/api/routing/:id", routing, async (req, reply) => {
    const params = idParams.safeParse(req.params);
    if (!params.success) return notFound(reply);
    const current = await ruleById(storage.db, params.data.id);
    if (!current) return notFound(reply);
    const input = columns(req.body, await positionNames(), current);
    if (!input.ok) return refuse(reply, input.code, input.message);
    return audited(reply, staffOf(req), "routing rule changed", (trx, at) =>
      changeRule(trx, params.data.id, { ...input.values, updated_at: at }),
    );
  });

  for (const [move, paused, action] of [
    ["pause", 1, "routing rule paused"],
    ["resume", 0, "routing rule resumed"],
  ] as const) {
    app.post(`/admin/api/routing/:id/${move}`, routing, async (req, reply) => {
      const params = idParams.safeParse(req.params);
      if (!params.success) return notFound(reply);
      return audited(reply, staffOf(req), action, (trx, at) =>
        changeRule(trx, params.data.id, { paused, updated_at: at }),
      );
    });
  }

  app.post("/admin/api/routing/:id/delete", routing, async (req, reply) => {
    const params = idParams.safeParse(req.params);
    if (!params.success) return notFound(reply);
    return audited(reply, staffOf(req), "routing rule deleted", (trx) => removeRule(trx, params.data.id));
  });

  // Retry (decision 073): the rule's chat messages parked as failed go back in the queue.
  app.post("/admin/api/routing/:id/retry", routing, async (req, reply) => {
    const params = idParams.safeParse(req.params);
    if (!params.success) return notFound(reply);
    const at = now();
    const queued = await storage.transaction(async (trx) => {
      const rule = await ruleById(trx, params.data.id);
      if (!rule) return undefined;
      const n = await retryRuleWebhook(trx, rule.id, at);
      if (n > 0)
        await appendAudit(
          trx,
          {
            staff: staffOf(req),
            action: "routing webhook retried",
            subject: `rule #${rule.id}`,
            detail: `${n} chat ${n === 1 ? "message" : "messages"} queued again`,
          },
          at,
        );
      return n;
    });
    if (queued === undefined) return notFound(reply);
    if (queued === 0) return refuse(reply, 409, "This rule has no failed chat message to retry.");
    ctx.onQueued?.();
    return { status: true, data: { queued } satisfies RoutingRetryAnswer };
  });

  // "Send a test" (decision 073): a message naming no submission, through the same checked delivery.
  app.post("/admin/api/routing/:id/test", routing, async (req, reply) => {
    const params = idParams.safeParse(req.params);
    if (!params.success) return notFound(reply);
    const rule = await ruleById(storage.db, params.data.id);
    if (!rule) return notFound(reply);
    if (!rule.webhook_sealed) return refuse(reply, 409, "This rule has no chat webhook to test.");
    const problem = await sendTestMessage(config, rule);
    const at = now();
    // The rule keeps the outcome, so a failure shown on it can say a test has reached it since.
    await storage.transaction(async (trx) => {
      await noteWebhookTest(trx, rule.id, problem ? null : at);
      await appendAudit(
        trx,
        {
          staff: staffOf(req),
          action: "routing webhook tested",
          subject: `rule #${rule.id}`,
          detail: problem ? `not delivered: ${problem}` : `delivered to ${rule.webhook_host}`,
        },
        at,
      );
    });
    return { status: true, data: { delivered: !problem, problem: problem ?? null } satisfies RoutingTestAnswer };
  });
}
