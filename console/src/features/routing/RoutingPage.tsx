import { unreadAnswer, api, errorText, formatTime, kindNames } from "../../api";
import { routingAnswer, routingRuleAnswer } from "@contracts/console-answers";
import type { RoutingAnswer, RoutingRuleAnswer } from "@contracts/console-answers";
import { submissionKinds, type SubmissionKind } from "@contracts/submission-kinds";
import { useEffect, useRef, useState } from "react";
import { useTitle } from "../../ui/useTitle";

type Format = "auto" | "slack" | "teams" | "generic";
const formatNames: Record<Exclude<Format, "auto">, string> = {
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
function ruleSummary(rule: RoutingRuleAnswer): string {
  const what = [
    kindPlurals[rule.kind],
    rule.reason && `whose reason contains “${rule.reason}”`,
    rule.position && `for ${rule.position}`,
  ].filter(Boolean);
  const to = [
    rule.email && `e-mail to ${rule.email}`,
    rule.webhookHost && `${formatNames[rule.webhookFormat ?? "generic"]} message to ${rule.webhookHost}`,
  ].filter(Boolean);
  return `${what.join(" ")} → ${to.join(" and ")}`;
}

/**
 * Administrators route accepted submissions to where the team works (issue 27): an e-mail
 * address and/or a chat webhook per rule. A saved webhook is shown by its host only: the server
 * keeps the URL encrypted and never sends it back, so changing a rule leaves it as it is unless a
 * new one is typed.
 */
export function RoutingPage() {
  useTitle("Alerts and routing");
  const [data, setData] = useState<RoutingAnswer | null>(null);
  const [editing, setEditing] = useState<RoutingRuleAnswer | "new" | null>(null);
  const [status, setStatus] = useState<{ text: string; failed: boolean } | null>(null);
  const [confirming, setConfirming] = useState<number | null>(null);

  const load = () =>
    api("routing", routingAnswer).then(setData, (e) => setStatus({ text: errorText(e), failed: true }));
  useEffect(() => {
    void load();
  }, []);

  const act = async (rule: RoutingRuleAnswer, move: "pause" | "resume" | "delete") => {
    setStatus(null);
    try {
      await api(`routing/${rule.id}/${move}`, unreadAnswer, {});
      setConfirming(null);
      const done = { pause: "paused", resume: "resumed", delete: "deleted" }[move];
      setStatus({ text: `Rule ${rule.id} is ${done}.`, failed: false });
      await load();
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
      {data && !data.keyConfigured && (
        <p className="notice" role="note">
          Chat webhooks cannot be saved yet: the server has no ROUTING_SECRET_KEY to encrypt them with. Ask whoever runs
          the server to set one, or route to an e-mail address.
        </p>
      )}
      <div role="status" aria-live="polite">
        {status && <p className={status.failed ? "error" : "hint"}>{status.text}</p>}
      </div>
      {data && data.rules.length === 0 && <p>No rules yet: new submissions reach only the usual inboxes.</p>}
      {data && data.rules.length > 0 && (
        <ul className="routing-rules">
          {data.rules.map((rule) => (
            <li key={rule.id}>
              <p className="routing-summary">
                <strong>Rule {rule.id}</strong>
                {rule.paused && <span className="routing-paused"> (paused)</span>}: {ruleSummary(rule)}
                {rule.systemAlerts && "; mail-failure alerts too"}
              </p>
              <p className="hint">Changed {formatTime(rule.updated_at)}</p>
              <div className="role-actions">
                <button type="button" onClick={() => setEditing(rule)} aria-label={`Change rule ${rule.id}`}>
                  Change
                </button>
                <button
                  type="button"
                  onClick={() => void act(rule, rule.paused ? "resume" : "pause")}
                  aria-label={`${rule.paused ? "Resume" : "Pause"} rule ${rule.id}`}
                >
                  {rule.paused ? "Resume" : "Pause"}
                </button>
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
      )}
      {editing === null ? (
        <button type="button" className="primary" onClick={() => setEditing("new")}>
          Add a rule
        </button>
      ) : (
        data && (
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
        )
      )}
    </>
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

function RuleForm(props: {
  rule: RoutingRuleAnswer | null;
  positions: string[];
  onCancel: () => void;
  onSaved: (rule: RoutingRuleAnswer, created: boolean) => void;
}) {
  const { rule } = props;
  const [kind, setKind] = useState<SubmissionKind>(rule?.kind ?? "contact");
  const [reason, setReason] = useState(rule?.reason ?? "");
  const [position, setPosition] = useState(rule?.position ?? "");
  const [email, setEmail] = useState(rule?.email ?? "");
  const [webhookUrl, setWebhookUrl] = useState("");
  const [removeWebhook, setRemoveWebhook] = useState(false);
  const [format, setFormat] = useState<Format>(rule?.webhookFormat ?? "auto");
  const [systemAlerts, setSystemAlerts] = useState(rule?.systemAlerts ?? false);
  const [error, setError] = useState("");
  // Opened by a button further up: the form's heading takes the focus, so keyboard and screen reader follow.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  const save = async (e: React.FormEvent) => {
    e.preventDefault();
    setError("");
    const body = {
      kind,
      reason: kind === "contact" ? reason : null,
      position: kind === "application" && position ? position : null,
      email,
      // Left out when changing a rule and nothing was typed: the saved webhook stays.
      ...(removeWebhook ? { webhookUrl: "" } : webhookUrl || !rule ? { webhookUrl } : {}),
      format,
      systemAlerts,
    };
    try {
      const saved = await api(rule ? `routing/${rule.id}` : "routing", routingRuleAnswer, body);
      props.onSaved(saved, !rule);
    } catch (err) {
      setError(errorText(err));
    }
  };

  return (
    <form className="routing-form" onSubmit={(e) => void save(e)} aria-labelledby="h-rule-form">
      <h2 id="h-rule-form" tabIndex={-1} ref={heading}>
        {rule ? `Change rule ${rule.id}` : "Add a rule"}
      </h2>
      <label htmlFor="rule-kind">Submissions of this kind</label>
      <select id="rule-kind" value={kind} onChange={(e) => setKind(e.target.value as SubmissionKind)}>
        {submissionKinds.map((k) => (
          <option key={k} value={k}>
            {kindNames[k]}
          </option>
        ))}
      </select>
      {kind === "contact" && (
        <>
          <label htmlFor="rule-reason">Only when the reason contains (optional)</label>
          <input
            id="rule-reason"
            value={reason}
            maxLength={100}
            onChange={(e) => setReason(e.target.value)}
            aria-describedby="rule-reason-hint"
          />
          <p className="hint" id="rule-reason-hint">
            Words from the form’s “Reason for inquiry”, in any case; empty: every enquiry.
          </p>
        </>
      )}
      {kind === "application" && (
        <>
          <label htmlFor="rule-position">Only for the position (optional)</label>
          <select id="rule-position" value={position} onChange={(e) => setPosition(e.target.value)}>
            <option value="">Any position</option>
            {props.positions.map((p) => (
              <option key={p} value={p}>
                {p}
              </option>
            ))}
          </select>
        </>
      )}
      <label htmlFor="rule-email">Send an e-mail to</label>
      <input
        id="rule-email"
        type="email"
        value={email}
        maxLength={254}
        onChange={(e) => setEmail(e.target.value)}
        aria-describedby="rule-email-hint"
      />
      <p className="hint" id="rule-email-hint">
        A link-only notice, like the team’s with “notify with link”. The address appears in the audit log.
      </p>
      <label htmlFor="rule-webhook">Post to the chat webhook</label>
      <input
        id="rule-webhook"
        type="url"
        inputMode="url"
        autoComplete="off"
        value={webhookUrl}
        disabled={removeWebhook}
        onChange={(e) => setWebhookUrl(e.target.value)}
        aria-describedby="rule-webhook-hint"
      />
      <p className="hint" id="rule-webhook-hint">
        {rule?.webhookHost
          ? `Saved: a webhook at ${rule.webhookHost}. Leave this empty to keep it, or paste a new https:// address.`
          : "The incoming-webhook address from Slack, Microsoft Teams or another service (https://). It is stored encrypted; afterwards only its host is shown."}
      </p>
      {rule?.webhookHost && (
        <label className="check">
          <input type="checkbox" checked={removeWebhook} onChange={(e) => setRemoveWebhook(e.target.checked)} /> Remove
          the saved webhook
        </label>
      )}
      <label htmlFor="rule-format">Message format</label>
      <select id="rule-format" value={format} onChange={(e) => setFormat(e.target.value as Format)}>
        <option value="auto">Recognise from the address</option>
        <option value="slack">{formatNames.slack}</option>
        <option value="teams">{formatNames.teams}</option>
        <option value="generic">{formatNames.generic}</option>
      </select>
      <label className="check">
        <input type="checkbox" checked={systemAlerts} onChange={(e) => setSystemAlerts(e.target.checked)} /> Also post
        mail-failure alerts to this webhook
      </label>
      <div role="alert">{error && <p className="error">{error}</p>}</div>
      <div className="role-actions">
        <button type="submit" className="primary">
          {rule ? "Save the rule" : "Add the rule"}
        </button>
        <button type="button" onClick={props.onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
