import type { RoutingRuleAnswer } from "@contracts/console-answers";
import { useEffect, useRef, useState } from "react";
import { formatTime } from "../../api";
import { ruleSummary } from "./rule-summary";

/**
 * The saved rules, each with Change, Pause or Resume, and Delete behind a second step; a rule with
 * a webhook has "Send a test", and one whose webhook failed says when and why, with Retry.
 */
export function RuleList(props: {
  rules: RoutingRuleAnswer[];
  onChange: (rule: RoutingRuleAnswer) => void;
  onMove: (rule: RoutingRuleAnswer, move: "pause" | "resume" | "delete") => Promise<boolean>;
  onWebhook: (rule: RoutingRuleAnswer, action: "retry" | "test") => Promise<void>;
}) {
  const [confirming, setConfirming] = useState<number | null>(null);
  const act = async (rule: RoutingRuleAnswer, move: "pause" | "resume" | "delete") => {
    if (await props.onMove(rule, move)) setConfirming(null);
  };
  if (props.rules.length === 0) return <p>No rules yet: new submissions reach only the usual inboxes.</p>;
  return (
    <ul className="routing-rules">
      {props.rules.map((rule) => (
        <li key={rule.id}>
          <p className="routing-summary">
            <strong>Rule {rule.id}</strong>
            {rule.paused && <span className="routing-paused"> (paused)</span>}: {ruleSummary(rule)}
            {rule.systemAlerts && "; mail-failure alerts too"}
          </p>
          <p className="hint">Changed {formatTime(rule.updated_at)}</p>
          {rule.webhookFailure && <WebhookFailure rule={rule} failure={rule.webhookFailure} />}
          <div className="role-actions">
            <button type="button" onClick={() => props.onChange(rule)} aria-label={`Change rule ${rule.id}`}>
              Change
            </button>
            <button
              type="button"
              onClick={() => void act(rule, rule.paused ? "resume" : "pause")}
              aria-label={`${rule.paused ? "Resume" : "Pause"} rule ${rule.id}`}
            >
              {rule.paused ? "Resume" : "Pause"}
            </button>
            {rule.webhookHost && (
              <button
                type="button"
                onClick={() => void props.onWebhook(rule, "test")}
                aria-label={`Send a test to rule ${rule.id}'s webhook`}
              >
                Send a test
              </button>
            )}
            {(rule.webhookFailure?.failedMessages ?? 0) > 0 && (
              <button
                type="button"
                onClick={() => void props.onWebhook(rule, "retry")}
                aria-label={`Retry rule ${rule.id}'s failed messages`}
              >
                Retry
              </button>
            )}
            {confirming === rule.id ? (
              <ConfirmDelete
                id={rule.id}
                onConfirm={() => void act(rule, "delete")}
                onKeep={() => setConfirming(null)}
              />
            ) : (
              <button type="button" onClick={() => setConfirming(rule.id)} aria-label={`Delete rule ${rule.id}`}>
                Delete
              </button>
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}

/**
 * The webhook's last failure, in words, and what is waiting for Retry; once a test has reached
 * the webhook since, it says so and reads as a note rather than an error (decision 077).
 */
function WebhookFailure(props: { rule: RoutingRuleAnswer; failure: NonNullable<RoutingRuleAnswer["webhookFailure"]> }) {
  const { failedMessages: n, testPassedAt } = props.failure;
  const parked = ` ${n} ${n === 1 ? "message was" : "messages were"} not delivered`;
  return (
    <p className={testPassedAt ? "hint" : "error"}>
      The webhook failed {formatTime(props.failure.at)}: {props.failure.problem}.
      {testPassedAt && ` A test reached it ${formatTime(testPassedAt)}, after that failure.`}
      {n > 0 ? `${parked}${testPassedAt ? ": Retry sends them now." : "."}` : !testPassedAt && " It is being retried."}
    </p>
  );
}

/** The second step of Delete: it takes the focus, as the button pressed has gone. */
function ConfirmDelete(props: { id: number; onConfirm: () => void; onKeep: () => void }) {
  const confirm = useRef<HTMLButtonElement>(null);
  useEffect(() => confirm.current?.focus(), []);
  return (
    <>
      <button type="button" className="danger" ref={confirm} onClick={props.onConfirm}>
        Delete rule {props.id} for good
      </button>
      <button type="button" onClick={props.onKeep}>
        Keep it
      </button>
    </>
  );
}
