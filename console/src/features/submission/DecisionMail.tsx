import { decisionMailAnswer, decisionPreviewAnswer } from "@contracts/console-answers";
import type { DecisionMailAnswer, DecisionPreviewAnswer } from "@contracts/console-answers";
import { decisionStatuses, type DecisionStatus } from "@contracts/careers/decision-templates";
import { decisionLimits } from "@contracts/careers/decision-text";
import { useEffect, useRef, useState } from "react";
import { api, errorText } from "../../api";
import { MailPreview } from "../../ui/MailPreview";
import { SendOutcome, type SendResult } from "../../ui/SendOutcome";

export function isDecision(status: string): status is DecisionStatus {
  return (decisionStatuses as readonly string[]).includes(status);
}

/**
 * The e-mail an application's decision offers (issue 26): its template's words for this
 * candidate, with the personal line as typed, exactly as Send would queue them. Nothing goes out
 * until the person presses Send; Send carries how many e-mails for this decision they saw sent, so
 * a double click or a retried request queues one message, and a second is sent only when asked.
 */
export function DecisionMail(props: {
  submissionId: number;
  status: DecisionStatus;
  onQueued: (mail: DecisionMailAnswer) => void;
}) {
  const { submissionId, status, onQueued } = props;
  const [line, setLine] = useState("");
  const [preview, setPreview] = useState<DecisionPreviewAnswer | null>(null);
  const [previewError, setPreviewError] = useState("");
  const [outcome, setOutcome] = useState<SendResult | null>(null);
  const [sending, setSending] = useState(false);
  const [round, setRound] = useState(0);
  // After Send the button is disabled for the request (and renamed "Send again"), which drops the
  // focus to the page's top; the outcome takes it, so the person stays where they sent from.
  const outcomeBox = useRef<HTMLDivElement>(null);
  const [outcomeFocus, setOutcomeFocus] = useState(0);
  useEffect(() => {
    if (outcomeFocus > 0) outcomeBox.current?.focus();
  }, [outcomeFocus]);

  // The preview follows the line a moment after the last key; an answer overtaken by a newer
  // line is dropped, so the box never shows words for a line no longer typed.
  useEffect(() => {
    let current = true;
    const timer = setTimeout(
      () =>
        void api(`submissions/${submissionId}/decision-mail/preview`, decisionPreviewAnswer, {
          status,
          personalLine: line,
        }).then(
          (answer) => {
            if (!current) return;
            setPreview(answer);
            setPreviewError("");
          },
          (error) => current && setPreviewError(errorText(error)),
        ),
      line ? 300 : 0,
    );
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [submissionId, status, line, round]);

  const send = async () => {
    if (!preview || sending) return;
    setSending(true);
    setOutcome(null);
    try {
      const mail = await api(`submissions/${submissionId}/decision-mail`, decisionMailAnswer, {
        status,
        personalLine: line,
        sent: preview.sent,
      });
      onQueued(mail);
      setLine("");
      setOutcome({
        text: `E-mail queued for ${mail.recipient}. The outbox delivers it (and retries if the mail server is away); its delivery shows under “Decision e-mails sent”.`,
        failed: false,
      });
    } catch (error) {
      setOutcome({ text: errorText(error), failed: true });
    } finally {
      setSending(false);
      setOutcomeFocus((n) => n + 1);
      // The preview again: after a Send, or someone else's (409), it counts what is sent now.
      setRound((r) => r + 1);
    }
  };

  const overLimit = line.length > decisionLimits.personalLine;
  return (
    <section aria-labelledby="h-decision-mail" className="decision-mail">
      <h3 id="h-decision-mail">Decision e-mail</h3>
      <p>
        The status is “{status}”: the e-mail below is ready from its template. Nothing is sent until you press Send.
      </p>
      <label htmlFor="personal-line">Personal line (optional)</label>
      <textarea
        id="personal-line"
        rows={3}
        value={line}
        maxLength={decisionLimits.personalLine}
        aria-describedby="personal-line-hint"
        onChange={(e) => setLine(e.target.value)}
      />
      <p id="personal-line-hint" className="hint">
        Plain text, up to {decisionLimits.personalLine} characters, shown as one paragraph where the template places it.
        Left empty, it leaves no gap.
      </p>
      <h4 id="h-preview">Preview</h4>
      {previewError ? (
        <p className="error">{previewError}</p>
      ) : !preview ? (
        <p>Preparing the preview…</p>
      ) : (
        <>
          <MailPreview labelledBy="h-preview" to={preview.recipient} subject={preview.subject} text={preview.text} />
          {preview.sent > 0 && (
            <p>
              {preview.sent === 1
                ? "An e-mail for this decision was already sent (see “Decision e-mails sent”)."
                : `${preview.sent} e-mails for this decision were already sent (see “Decision e-mails sent”).`}{" "}
              Send again only if you mean to.
            </p>
          )}
          <p className="hint" id="send-to">
            Goes to {preview.recipient}, the address the candidate gave; their reply reaches the careers inbox.
          </p>
          <button type="button" aria-describedby="send-to" disabled={sending || overLimit} onClick={() => void send()}>
            {preview.sent > 0 ? "Send again" : "Send e-mail"}
          </button>
        </>
      )}
      <SendOutcome outcome={outcome} ref={outcomeBox} />
    </section>
  );
}
