import { routingRuleAnswer, type RoutingRuleAnswer } from "@contracts/console-answers";
import { submissionKinds, type SubmissionKind } from "@contracts/submission-kinds";
import { useEffect, useRef, useState, type InputHTMLAttributes } from "react";
import { api, errorText, kindNames } from "../../api";
import { formatNames, type Format } from "./rule-summary";

/**
 * Adding or changing a routing rule: a reason only for enquiries, a position only for
 * applications, and a saved webhook kept unless a new one is typed or its removal ticked.
 */
export function RuleForm(props: {
  rule: RoutingRuleAnswer | null;
  positions: string[];
  onCancel: () => void;
  onSaved: (rule: RoutingRuleAnswer, created: boolean) => void;
}) {
  const { rule } = props;
  const [kind, setKind] = useState<SubmissionKind>(rule?.kind ?? "contact");
  const [reason, setReason] = useState(rule?.reason ?? "");
  const [position, setPosition] = useState(rule?.position ?? "");
  const [messageWords, setMessageWords] = useState(rule?.messageWords ?? "");
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
      messageWords,
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
          <Hinted
            id="rule-reason"
            label="Only when the reason contains (optional)"
            hint="Words from the form’s “Reason for inquiry”, in any case; empty: every enquiry."
            input={{ value: reason, maxLength: 100, onChange: (e) => setReason(e.target.value) }}
          />
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
      <Hinted
        id="rule-message-words"
        label="Only when the message has these words (optional)"
        hint="Every word must start a word of the message (or cover letter), ignoring case, accents and curly apostrophes: “migration” finds “Migrations”. Empty: any message."
        input={{ value: messageWords, maxLength: 100, onChange: (e) => setMessageWords(e.target.value) }}
      />
      <Hinted
        id="rule-email"
        label="Send an e-mail to"
        hint="A link-only notice, like the team’s with “notify with link”. The address appears in the audit log."
        input={{ type: "email", value: email, maxLength: 254, onChange: (e) => setEmail(e.target.value) }}
      />
      <Hinted
        id="rule-webhook"
        label="Post to the chat webhook"
        hint={
          rule?.webhookHost
            ? `Saved: a webhook at ${rule.webhookHost}. Leave this empty to keep it, or paste a new https:// address.`
            : "The incoming-webhook address from Slack, Microsoft Teams or another service (https://). It is stored encrypted; afterwards only its host is shown."
        }
        input={{
          type: "url",
          inputMode: "url",
          autoComplete: "off",
          value: webhookUrl,
          disabled: removeWebhook,
          onChange: (e) => setWebhookUrl(e.target.value),
        }}
      />
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

/** A text field with its label and the hint under it that describes it. */
function Hinted(props: { id: string; label: string; hint: string; input: InputHTMLAttributes<HTMLInputElement> }) {
  return (
    <>
      <label htmlFor={props.id}>{props.label}</label>
      <input {...props.input} id={props.id} aria-describedby={`${props.id}-hint`} />
      <p className="hint" id={`${props.id}-hint`}>
        {props.hint}
      </p>
    </>
  );
}
