/**
 * What a routing rule sends (docs/decisions/039-routing-rules-and-alerts.md): to its e-mail
 * address the link-only notification, and to its chat webhook a message in Slack's, Teams' or a
 * small generic shape. Both carry the kind, the reference and the console link: never a name, an
 * address, a phone number, the message or the company's domain, so nothing personal collects in
 * a chat history or an outside mailbox that no erasure reaches.
 */
import net from "node:net";
import type { Selectable } from "kysely";
import { formDefinitions } from "../../contracts/forms/index";
import { linkNotification, submissionLink } from "./notification-link";
import type { Config } from "../config";
import type { Storage } from "../db/db";
import type { OutboxTable, RoutingRulesTable, SubmissionsTable } from "../db/schema";
import { postChat } from "./chat-post";
import { noteWebhookDelivered, noteWebhookFailure } from "../routing/routing-rules";
import { nonPublicRange } from "./public-address";
import { openWithEither } from "./routing-secret";
import type { MailTransport } from "./transport";
import { webhookProblemInWords } from "./webhook-problem";

export type ChatFormat = NonNullable<RoutingRulesTable["webhook_format"]>;

/** The outbox `recipient` of a rule's chat message: the rule, never its (secret) URL. */
export const ruleRecipient = (ruleId: number) => `rule:${ruleId}`;

/** The format a webhook URL's host implies: Slack's and Microsoft's own hosts, else generic JSON. */
export function formatFor(url: URL): ChatFormat {
  const host = url.hostname.toLowerCase();
  if (host === "hooks.slack.com") return "slack";
  if (host.endsWith(".webhook.office.com") || host === "outlook.office.com" || host.endsWith(".logic.azure.com"))
    return "teams";
  return "generic";
}

const loopbackHosts = new Set(["127.0.0.1", "[::1]", "localhost"]);

/**
 * Names and addresses that are inside our own network on their face. A name is judged again where
 * it counts, at delivery, by every address it resolves to then (chat-post.ts): this only spares
 * the admin a rule that could never be delivered.
 */
function innerAddress(host: string): boolean {
  // "localhost." is the same host to the resolver as "localhost": judge the name without its final dot.
  const bare = host.replace(/^\[|\]$/g, "").replace(/\.+$/, "");
  if (bare === "localhost" || bare.endsWith(".localhost") || bare.endsWith(".internal")) return true;
  return net.isIP(bare) !== 0 && nonPublicRange(bare) !== undefined;
}

/** Why a webhook URL cannot be saved, in words for the admin; undefined when it can. */
export function webhookProblem(value: string, opts: { allowLoopbackHttp: boolean }): string | undefined {
  if (value.length > 2000) return "The webhook address is too long (2,000 characters at most).";
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return "Give the webhook as a full address starting with https://.";
  }
  if (url.username || url.password) return "The webhook address must not carry a user name or password.";
  const loopback = loopbackHosts.has(url.hostname);
  if (url.protocol === "http:" && opts.allowLoopbackHttp && loopback) return undefined;
  if (url.protocol !== "https:") return "The webhook address must start with https://.";
  if (innerAddress(url.hostname)) return "The webhook must be on the internet, not an address inside our own network.";
  return undefined;
}

export interface ChatNotice {
  /** "contact enquiry", "application", "feedback" */
  what: string;
  kind: string;
  reference: string;
  link: string;
  /**
   * What it is about, in words that are not the sender's (issue 44, decision 073): an
   * application's position (the form's list), feedback's type (the form's list), or the rule's
   * own words an enquiry matched. Never the enquiry's reason as typed, a free text that can name
   * people and would stay in a chat history no erasure reaches.
   */
  topic: string | null;
  /** The site page it was sent from (only ever one of the site's own paths), or null. */
  page: string | null;
}

/** The rule's words a submission matched, as the admin wrote them. */
export type MatchedWords = Pick<Selectable<RoutingRulesTable>, "reason" | "message_words">;

function topicOf(
  s: Pick<Selectable<SubmissionsTable>, "kind" | "position" | "feedback_type">,
  rule: MatchedWords | undefined,
): string | null {
  if (s.kind === "application") return s.position ? `for ${s.position}` : null;
  if (s.kind === "feedback") return s.feedback_type ? `about ${s.feedback_type}` : null;
  const words = [rule?.reason, rule?.message_words].filter(Boolean);
  return words.length > 0 ? `matching “${words.join("”, “")}”` : null;
}

export function chatNotice(
  s: Pick<Selectable<SubmissionsTable>, "id" | "kind" | "reference" | "position" | "feedback_type" | "source_path">,
  origin: string,
  rule?: MatchedWords,
): ChatNotice {
  return {
    what: formDefinitions[s.kind].title.toLowerCase(),
    kind: s.kind,
    reference: s.reference ?? `#${s.id}`,
    link: submissionLink(origin, s.id),
    topic: topicOf(s, rule),
    page: s.source_path && s.source_path.startsWith("/") ? s.source_path : null,
  };
}

/** The JSON body a chat webhook of this format expects, for a notice or a plain alert text. */
export function chatBody(format: ChatFormat, notice: ChatNotice): string {
  const about = [notice.topic, notice.page && `sent from ${notice.page}`].filter(Boolean).join(", ");
  const text = `New ${notice.what} ${notice.reference} on the website${about ? `, ${about}` : ""}. Open it in the staff console: ${notice.link}`;
  const { kind, reference, link, topic, page } = notice;
  return chatText(format, text, link, { kind, reference, link, topic, page });
}

export function chatText(format: ChatFormat, text: string, link: string, generic: object): string {
  if (format === "slack") return JSON.stringify({ text });
  if (format === "teams")
    return JSON.stringify({
      "@type": "MessageCard",
      "@context": "https://schema.org/extensions",
      summary: text.slice(0, 80),
      text,
      potentialAction: [
        { "@type": "OpenUri", name: "Open in the staff console", targets: [{ os: "default", uri: link }] },
      ],
    });
  return JSON.stringify(generic);
}

/** The rule's webhook URL, opened with the environment's key. */
export function ruleWebhookUrl(config: Config, rule: Pick<Selectable<RoutingRulesTable>, "webhook_sealed">): string {
  if (!rule.webhook_sealed) throw new Error("the routing rule has no webhook any more");
  if (!config.routing.secretKey) throw new Error("ROUTING_SECRET_KEY is not set: the rule's webhook cannot be opened");
  return openWithEither(
    { current: config.routing.secretKey, previous: config.routing.previousKey },
    rule.webhook_sealed,
  ).plain;
}

/** Delivers one outbox row of purpose "routed"; a failure throws, and the worker retries. */
export async function deliverRouted(
  deps: { config: Config; storage: Storage; transport: MailTransport; now: () => Date },
  row: Selectable<OutboxTable>,
  submission: Selectable<SubmissionsTable>,
): Promise<void> {
  const { config, storage, transport } = deps;
  if (row.channel === "email") {
    // The row holds the address the rule had when it was queued: if no rule routes there any
    // more (deleted, paused, or its address corrected), the message has nowhere it is wanted.
    const wanted = await storage.db
      .selectFrom("routing_rules")
      .select("id")
      .where("email", "=", row.recipient)
      .where("paused", "=", 0)
      .executeTakeFirst();
    if (!wanted) return;
    const content = linkNotification(submission, config.admin.origin);
    await transport.send({
      from: config.mail.from,
      to: row.recipient,
      subject: content.subject,
      text: content.text,
      html: content.html,
      messageId: row.message_id,
    });
    return;
  }
  const ruleId = Number(/^rule:(\d+)$/.exec(row.recipient)?.[1]);
  const rule = await storage.db
    .selectFrom("routing_rules")
    .select(["id", "webhook_sealed", "webhook_format", "webhook_host", "paused", "reason", "message_words"])
    .where("id", "=", Number.isSafeInteger(ruleId) ? ruleId : -1)
    .executeTakeFirst();
  // The rule was deleted or paused, or its webhook removed, after this was queued: nowhere to send it.
  if (!rule?.webhook_sealed || rule.paused) return;
  const body = chatBody(rule.webhook_format ?? "generic", chatNotice(submission, config.admin.origin, rule));
  const problem = await postToRule(config, rule, body);
  // The rule shows how its webhook last fared (decision 073); the worker still retries and parks.
  if (problem) {
    await noteWebhookFailure(storage, rule.id, deps.now(), problem.words);
    throw problem.error;
  }
  await noteWebhookDelivered(storage, rule.id);
}

type WebhookRule = Pick<Selectable<RoutingRulesTable>, "webhook_sealed" | "webhook_format" | "webhook_host">;

/** One POST to the rule's webhook: undefined when it was taken, else the error and its reason in words. */
async function postToRule(
  config: Config,
  rule: WebhookRule,
  body: string,
): Promise<{ error: unknown; words: string } | undefined> {
  try {
    await postChat(ruleWebhookUrl(config, rule), body, {
      timeoutMs: config.outbox.sendTimeoutMs,
      allowLoopbackHttp: config.routing.allowLoopbackHttp,
    });
    return undefined;
  } catch (error) {
    return {
      error,
      words: webhookProblemInWords(error, rule.webhook_host ?? "the webhook", config.outbox.sendTimeoutMs),
    };
  }
}

/**
 * "Send a test" (decision 073): a message that names the rule and no submission, through the same
 * resolved, checked and pinned delivery as a real one. Undefined when the service took it, else
 * the reason in words.
 */
export async function sendTestMessage(config: Config, rule: WebhookRule & { id: number }): Promise<string | undefined> {
  const link = `${config.admin.origin}/admin/routing`;
  const text = `Test from the Altiva Cloud website: routing rule ${rule.id} reaches this channel. No submission is attached. The rules: ${link}`;
  const body = chatText(rule.webhook_format ?? "generic", text, link, { kind: "test", rule: rule.id, link });
  return (await postToRule(config, rule, body))?.words;
}
