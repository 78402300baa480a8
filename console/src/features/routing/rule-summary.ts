/** How the routing page names a rule's kind and its webhook's message format. */
import type { RoutingRuleAnswer } from "@contracts/console-answers";
import type { SubmissionKind } from "@contracts/submission-kinds";

export type Format = "auto" | "slack" | "teams" | "generic";
export const formatNames: Record<Exclude<Format, "auto">, string> = {
  slack: "Slack",
  teams: "Microsoft Teams",
  generic: "JSON (kind, reference, link)",
};

const kindPlurals: Record<SubmissionKind, string> = {
  contact: "Enquiries",
  application: "Applications",
  feedback: "Feedback",
};

/** One line that says what a rule takes and where it sends it, the webhook by its host only. */
export function ruleSummary(rule: RoutingRuleAnswer): string {
  const what = [
    kindPlurals[rule.kind],
    rule.reason && `whose reason contains “${rule.reason}”`,
    rule.messageWords && `whose message has “${rule.messageWords}”`,
    rule.position && `for ${rule.position}`,
  ].filter(Boolean);
  const to = [
    rule.email && `e-mail to ${rule.email}`,
    rule.webhookHost && `${formatNames[rule.webhookFormat ?? "generic"]} message to ${rule.webhookHost}`,
  ].filter(Boolean);
  return `${what.join(" ")} → ${to.join(" and ")}`;
}
