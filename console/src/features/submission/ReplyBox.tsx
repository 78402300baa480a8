import { replyAnswer, replyContextAnswer, replyDraftAnswer, replyPreviewAnswer } from "@contracts/reply-answers";
import type { ReplyAnswer, ReplyContextAnswer, ReplyPreviewAnswer } from "@contracts/reply-answers";
import { replyLimits } from "@contracts/replies";
import { useEffect, useRef, useState } from "react";
import { api, errorText, formatTime } from "../../api";
import { delivery } from "./DecisionHistory";
import { MailPreview } from "../../ui/MailPreview";
import { AnswerList } from "./AnswerList";
import { SendOutcome, type SendResult } from "../../ui/SendOutcome";

/**
 * The reply to an enquiry or feedback (issue 27): start from a template or from nothing, write in
 * your own words, look at the preview and send. The server fixes the recipient to the address the
 * submission holds; Send carries how many replies the person saw sent, so a double click, a second
 * tab or a colleague's Send at the same moment queues one message. Beside it, mailto: and tel:
 * links for those who prefer their own e-mail program or the phone.
 */
export function ReplyBox(props: {
  submissionId: number;
  name: string;
  replies: readonly ReplyAnswer[];
  /** The server set the status "answered" with the reply. */
  onSent: () => void;
}) {
  const { submissionId, name } = props;
  const [context, setContext] = useState<ReplyContextAnswer | null>(null);
  const [loadError, setLoadError] = useState("");
  const [templateId, setTemplateId] = useState("");
  const [template, setTemplate] = useState<string | null>(null);
  const [subject, setSubject] = useState("");
  const [text, setText] = useState("");
  const [preview, setPreview] = useState<ReplyPreviewAnswer | null>(null);
  const [outcome, setOutcome] = useState<SendResult | null>(null);
  const [busy, setBusy] = useState(false);
  const [replies, setReplies] = useState(props.replies);
  // Where the focus goes when what it was on goes away: the preview once shown, the outcome after Send.
  const previewHeading = useRef<HTMLHeadingElement>(null);
  const outcomeBox = useRef<HTMLDivElement>(null);
  const [focusTo, setFocusTo] = useState<"preview" | "outcome" | null>(null);
  useEffect(() => {
    if (focusTo === "preview") previewHeading.current?.focus();
    if (focusTo === "outcome") outcomeBox.current?.focus();
    setFocusTo(null);
  }, [focusTo]);

  useEffect(() => {
    api(`submissions/${submissionId}/reply`, replyContextAnswer).then(setContext, (e) => setLoadError(errorText(e)));
  }, [submissionId]);

  // Any change to the words makes the preview stale: Send is offered only for what was previewed.
  const edit = (change: () => void) => {
    change();
    setPreview(null);
  };

  const choose = async (id: string) => {
    setTemplateId(id);
    setOutcome(null);
    if (!id) return edit(() => setTemplate(null));
    try {
      const draft = await api(`submissions/${submissionId}/reply/draft`, replyDraftAnswer, { templateId: Number(id) });
      edit(() => {
        setTemplate(draft.template);
        setSubject(draft.subject);
        setText(draft.text);
      });
    } catch (error) {
      setOutcome({ text: errorText(error), failed: true });
    }
  };

  const showPreview = async (e: React.FormEvent) => {
    e.preventDefault();
    setOutcome(null);
    try {
      setPreview(await api(`submissions/${submissionId}/reply/preview`, replyPreviewAnswer, { subject, text }));
      setFocusTo("preview");
    } catch (error) {
      setOutcome({ text: errorText(error), failed: true });
    }
  };

  const send = async () => {
    if (!preview || busy) return;
    setBusy(true);
    setOutcome(null);
    try {
      const sent = await api(`submissions/${submissionId}/reply`, replyAnswer, {
        subject: preview.subject,
        text: preview.text,
        template,
        sent: preview.sent,
      });
      setReplies((r) => [...r, sent]);
      props.onSent();
      setPreview(null);
      setSubject("");
      setText("");
      setTemplateId("");
      setTemplate(null);
      setOutcome({
        text: `Reply queued for ${sent.recipient}; the status is now “answered”. Its delivery shows under “Replies sent” (reload to follow it).`,
        failed: false,
      });
    } catch (error) {
      setOutcome({ text: errorText(error), failed: true });
      setPreview(null);
    } finally {
      setBusy(false);
      setFocusTo("outcome");
    }
  };

  return (
    <section aria-labelledby="h-reply" className="reply-box">
      <h3 id="h-reply">Reply to {name}</h3>
      {loadError && <p className="error">{loadError}</p>}
      {context && <AnswerList answers={context.answers} />}
      {replies.length > 0 && (
        <>
          <h4 id="h-replies">Replies sent</h4>
          <ul className="messages reply-history" aria-labelledby="h-replies">
            {replies.map((r) => (
              <li key={r.id}>
                <strong>{r.template ? `“${r.template}” reply` : "Reply"}</strong> to {r.recipient}, sent by {r.queuedBy}{" "}
                on {formatTime(r.queuedAt)}: {delivery(r)}
                <details>
                  <summary>What was sent</summary>
                  <MailPreview subject={r.subject} text={r.quote ? `${r.text}\n\n${r.quote}` : r.text} />
                </details>
              </li>
            ))}
          </ul>
        </>
      )}
      {context && (
        <>
          <p className="reply-links">
            <a href={`mailto:${context.recipient}`}>E-mail from your own program</a>
            {context.phone && <a href={`tel:${context.phone}`}>Call {context.phone}</a>}
          </p>
          <form onSubmit={(e) => void showPreview(e)}>
            <label htmlFor="reply-template">Start from</label>
            <select id="reply-template" value={templateId} onChange={(e) => void choose(e.target.value)}>
              <option value="">No template: my own words</option>
              {context.templates.map((t) => (
                <option key={t.id} value={t.id}>
                  {t.name}
                </option>
              ))}
            </select>
            <p className="hint">
              A template replaces the text below; edit it before you send. The subject answers what they received from
              us.
            </p>
            <label htmlFor="reply-subject">Subject</label>
            <input
              id="reply-subject"
              value={subject}
              maxLength={replyLimits.subject}
              onChange={(e) => edit(() => setSubject(e.target.value))}
            />
            <label htmlFor="reply-text">Text</label>
            <textarea
              id="reply-text"
              rows={10}
              value={text}
              maxLength={replyLimits.body}
              onChange={(e) => edit(() => setText(e.target.value))}
            />
            <button type="submit">Preview the reply</button>
          </form>
        </>
      )}
      {preview && (
        <>
          <h4 id="h-reply-preview" tabIndex={-1} ref={previewHeading}>
            Preview
          </h4>
          <MailPreview
            labelledBy="h-reply-preview"
            to={preview.recipient}
            subject={preview.subject}
            text={preview.quote ? `${preview.text}\n\n${preview.quote}` : preview.text}
          />
          {preview.sent > 0 && (
            <p>
              {preview.sent === 1 ? "A reply was already sent" : `${preview.sent} replies were already sent`} (see
              “Replies sent”). Send again only if you mean to.
            </p>
          )}
          <p className="hint" id="reply-to">
            Goes to {preview.recipient}, the address {name} gave, from you, in the thread of what they received from us;
            their answer comes back to this page when the reply address is set up, else to the team inbox.
          </p>
          <button
            type="button"
            className="primary"
            aria-describedby="reply-to"
            disabled={busy}
            onClick={() => void send()}
          >
            {preview.sent > 0 ? "Send another reply" : "Send reply"}
          </button>
        </>
      )}
      <SendOutcome outcome={outcome} ref={outcomeBox} />
    </section>
  );
}
