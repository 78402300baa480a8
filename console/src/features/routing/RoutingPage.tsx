import { unreadAnswer, api, errorText } from "../../api";
import { routingAnswer, routingRetryAnswer, routingTestAnswer } from "@contracts/console-answers";
import type { RoutingRuleAnswer } from "@contracts/console-answers";
import { useState } from "react";
import { useLoaderData, useRevalidator } from "react-router";
import { useTitle } from "../../ui/useTitle";
import { RuleForm } from "./RuleForm";
import { RuleList } from "./RuleList";

/**
 * Administrators route accepted submissions to where the team works (issue 27): an e-mail
 * address and/or a chat webhook per rule. A saved webhook is shown by its host only: the server
 * keeps the URL encrypted and never sends it back, so changing a rule leaves it as it is unless a
 * new one is typed.
 */
export const routingLoader = () => api("routing", routingAnswer);

export function RoutingPage() {
  useTitle("Alerts and routing");
  const data = useLoaderData<typeof routingLoader>();
  const revalidator = useRevalidator();
  const [editing, setEditing] = useState<RoutingRuleAnswer | "new" | null>(null);
  const [status, setStatus] = useState<{ text: string; failed: boolean } | null>(null);

  // After a change: the rules as the server has them now (the router runs the loader again).
  const load = () => revalidator.revalidate();

  /** Pause, resume or delete a rule; whether it was done (a failure is said in the status line). */
  const act = async (rule: RoutingRuleAnswer, move: "pause" | "resume" | "delete") => {
    setStatus(null);
    try {
      await api(`routing/${rule.id}/${move}`, unreadAnswer, {});
      const done = { pause: "paused", resume: "resumed", delete: "deleted" }[move];
      setStatus({ text: `Rule ${rule.id} is ${done}.`, failed: false });
      void load();
      return true;
    } catch (e) {
      setStatus({ text: errorText(e), failed: true });
      return false;
    }
  };

  /** Retry a rule's failed chat messages, or send its webhook a test; the outcome in the status line. */
  const webhook = async (rule: RoutingRuleAnswer, action: "retry" | "test") => {
    setStatus(null);
    try {
      if (action === "retry") {
        const { queued } = await api(`routing/${rule.id}/retry`, routingRetryAnswer, {});
        setStatus({
          text: `Rule ${rule.id}: ${queued} ${queued === 1 ? "message" : "messages"} queued again.`,
          failed: false,
        });
        void load();
        return;
      }
      const test = await api(`routing/${rule.id}/test`, routingTestAnswer, {});
      setStatus(
        test.delivered
          ? { text: `Rule ${rule.id}: the test message was delivered to ${rule.webhookHost}.`, failed: false }
          : { text: `Rule ${rule.id}: the test message was not delivered: ${test.problem}.`, failed: true },
      );
      // The rule keeps the outcome: a failure shown on it now says whether a test passed since.
      void load();
    } catch (e) {
      setStatus({ text: errorText(e), failed: true });
    }
  };

  return (
    <>
      <h1 tabIndex={-1}>Alerts and routing</h1>
      <p>
        Each rule announces new submissions of one kind, once they pass the spam check, by e-mail and/or in a chat
        channel. Chat messages and these e-mails carry only the kind, the reference and a link to the submission here,
        never the sender’s name, address, phone number or message: people open the link and sign in to read it.
      </p>
      <p className="hint">
        When mail from the website fails, every administrator gets one e-mail an hour at most, and rules marked for
        mail-failure alerts get a chat message too.
      </p>
      {!data.keyConfigured && (
        <p className="notice" role="note">
          Chat webhooks cannot be saved yet: the server has no ROUTING_SECRET_KEY to encrypt them with. Ask whoever runs
          the server to set one, or route to an e-mail address.
        </p>
      )}
      <div role="status" aria-live="polite">
        {status && <p className={status.failed ? "error" : "hint"}>{status.text}</p>}
      </div>
      <RuleList rules={data.rules} onChange={setEditing} onMove={act} onWebhook={webhook} />
      {editing === null ? (
        <button type="button" className="primary" onClick={() => setEditing("new")}>
          Add a rule
        </button>
      ) : (
        <RuleForm
          key={editing === "new" ? "new" : editing.id}
          rule={editing === "new" ? null : editing}
          positions={data.positions}
          onCancel={() => setEditing(null)}
          onSaved={(saved, created) => {
            setEditing(null);
            setStatus({ text: `Rule ${saved.id} is ${created ? "added" : "saved"}.`, failed: false });
            void load();
          }}
        />
      )}
    </>
  );
}
