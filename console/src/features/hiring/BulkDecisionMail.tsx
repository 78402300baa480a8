import { decisionStatuses, type DecisionStatus } from "@contracts/careers/decision-templates";
import { decisionLimits } from "@contracts/careers/decision-text";
import { bulkPreviewAnswer, bulkSendAnswer, type BulkPreviewAnswer } from "@contracts/pipeline-answers";
import { useEffect, useRef, useState } from "react";
import { api, errorText } from "../../api";
import { MailPreview } from "../../ui/MailPreview";
import { SendOutcome, type SendResult } from "../../ui/SendOutcome";

const plural = (n: number, one: string, many: string) => (n === 1 ? one : many.replace("#", String(n)));

/** What Send did, candidate by candidate, in one paragraph. */
function outcomeText(results: { outcome: string }[], status: string): string {
  const count = (o: string) => results.filter((r) => r.outcome === o).length;
  const parts = [
    count("done") > 0 &&
      `${plural(count("done"), "One e-mail queued", "# e-mails queued, one per candidate")}; the outbox delivers ${plural(count("done"), "it", "them")}.`,
    count("already sent") > 0 &&
      `${plural(count("already sent"), "One candidate", "# candidates")} already had the “${status}” e-mail: nothing more was sent to ${plural(count("already sent"), "them", "them")}.`,
    count("stage") > 0 &&
      `${plural(count("stage"), "One candidate is", "# candidates are")} not at “${status}”: nothing was sent to ${plural(count("stage"), "them", "them")}.`,
    count("unavailable") > 0 &&
      `${plural(count("unavailable"), "One candidate", "# candidates")} could not be sent to: erased, or no longer in your view.`,
  ];
  return parts.filter(Boolean).join(" ");
}

/**
 * The same decision e-mail to each selected candidate (decision 071): the preview shows every
 * recipient and the e-mail as the first will read it; one Send queues one message per candidate
 * at that decision, each carrying the count its preview showed, so pressing Send again sends
 * nothing more.
 */
export function BulkDecisionMail(props: { ids: number[]; suggested: DecisionStatus }) {
  const { ids } = props;
  const [status, setStatus] = useState<DecisionStatus>(props.suggested);
  const [line, setLine] = useState("");
  const [preview, setPreview] = useState<BulkPreviewAnswer | null>(null);
  const [error, setError] = useState("");
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<SendResult | null>(null);
  const outcomeBox = useRef<HTMLDivElement>(null);
  const previewHeading = useRef<HTMLHeadingElement>(null);
  const [focus, setFocus] = useState<"outcome" | "preview" | null>(null);
  useEffect(() => {
    if (focus === "outcome") outcomeBox.current?.focus();
    if (focus === "preview") previewHeading.current?.focus();
  }, [focus, preview, outcome]);
  // A new choice of candidates, decision or words needs a new preview before Send.
  const key = `${ids.join(",")}|${status}|${line}`;
  const [previewKey, setPreviewKey] = useState("");
  const current = preview !== null && previewKey === key;

  const showPreview = async () => {
    setError("");
    setOutcome(null);
    setFocus(null);
    try {
      setPreview(
        await api("hiring/bulk/decision-mail/preview", bulkPreviewAnswer, { ids, status, personalLine: line }),
      );
      setPreviewKey(key);
      setFocus("preview");
    } catch (e) {
      setError(errorText(e));
    }
  };
  const send = async () => {
    if (!preview || sending) return;
    setSending(true);
    setFocus(null);
    try {
      const sent = Object.fromEntries(preview.previews.map((p) => [String(p.id), p.sent]));
      const answer = await api("hiring/bulk/decision-mail", bulkSendAnswer, { ids, status, personalLine: line, sent });
      setOutcome({ text: outcomeText(answer.results, status), failed: false });
    } catch (e) {
      setOutcome({ text: errorText(e), failed: true });
    } finally {
      setSending(false);
      setFocus("outcome");
    }
  };

  const atDecision = preview?.previews.filter((p) => p.stage === status) ?? [];
  const first = atDecision[0];
  return (
    <section aria-labelledby="h-bulk-mail" className="bulk-mail">
      <h3 id="h-bulk-mail">Decision e-mail to the selected</h3>
      <div className="bulk-row">
        <div>
          <label htmlFor="bulk-decision">Decision</label>
          <select id="bulk-decision" value={status} onChange={(e) => setStatus(e.target.value as DecisionStatus)}>
            {decisionStatuses.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </div>
      </div>
      <label htmlFor="bulk-line">Personal line for all (optional)</label>
      <textarea
        id="bulk-line"
        rows={2}
        value={line}
        maxLength={decisionLimits.personalLine}
        onChange={(e) => setLine(e.target.value)}
      />
      <p>
        <button type="button" onClick={() => void showPreview()}>
          Preview the e-mails
        </button>
      </p>
      {error && <p className="error">{error}</p>}
      {preview && current && (
        <>
          <h4 id="h-bulk-preview" tabIndex={-1} ref={previewHeading}>
            {plural(atDecision.length, "One e-mail", "# e-mails")}, “{status}”
          </h4>
          <ul className="bulk-recipients">
            {preview.previews.map((p) => (
              <li key={p.id}>
                {p.name} &lt;{p.recipient}&gt;
                {p.stage !== status && <span className="hint"> — at “{p.stage}”: nothing is sent to them</span>}
                {p.stage === status && p.sent > 0 && (
                  <span className="hint">
                    {" "}
                    — already sent {plural(p.sent, "once", "# times")}: nothing more is sent
                  </span>
                )}
              </li>
            ))}
          </ul>
          {preview.unavailable.length > 0 && (
            <p className="hint">
              {plural(preview.unavailable.length, "One candidate", "# candidates")} could not be prepared: erased, or no
              longer in your view.
            </p>
          )}
          {first && (
            <>
              <p className="hint">As {first.name} will read it; each candidate gets their own name and number.</p>
              <MailPreview labelledBy="h-bulk-preview" to={first.recipient} subject={first.subject} text={first.text} />
            </>
          )}
          <p>
            <button
              type="button"
              className="primary"
              disabled={sending || atDecision.length === 0}
              onClick={() => void send()}
            >
              Send {plural(atDecision.length, "the e-mail", "# e-mails")}
            </button>
          </p>
        </>
      )}
      <SendOutcome outcome={outcome} ref={outcomeBox} />
    </section>
  );
}
