import { accountAnswer, answerNoticeAnswer, signatureAnswer } from "@contracts/console-answers";
import { signatureLimits, signatureProblem } from "@contracts/signature";
import { useState } from "react";
import { useLoaderData } from "react-router";
import { api, errorText } from "../../api";
import { useTitle } from "../../ui/useTitle";

/**
 * The signed-in person's own account (decision 073): who they are, and the signature their
 * replies and decision e-mails end with, which only they edit.
 */
export const accountLoader = () => api("account", accountAnswer);

export function AccountPage() {
  useTitle("Your account");
  const data = useLoaderData<typeof accountLoader>();
  const [signature, setSignature] = useState(data.signature ?? "");
  const [status, setStatus] = useState<{ text: string; failed: boolean } | null>(null);
  const [notice, setNotice] = useState(data.answerNotice);
  const [noticeNote, setNoticeNote] = useState("");

  const chooseNotice = async (receive: boolean) => {
    setNotice(receive);
    setNoticeNote("");
    try {
      const saved = await api("account/answer-notice", answerNoticeAnswer, { receive });
      setNotice(saved.receive);
      setNoticeNote(saved.receive ? "You will get the notice." : "You will not get the notice.");
    } catch (err) {
      setNotice(!receive);
      setNoticeNote(errorText(err));
    }
  };

  const save = async (e: React.FormEvent) => {
    e.preventDefault();
    const problem = signatureProblem(signature);
    if (problem) return setStatus({ text: problem, failed: true });
    setStatus(null);
    try {
      const saved = await api("account/signature", signatureAnswer, { signature });
      setSignature(saved.signature ?? "");
      setStatus({
        text: saved.signature
          ? "Your signature is saved: your next replies and decision e-mails end with it."
          : "Your signature is removed: your e-mails end with their own words.",
        failed: false,
      });
    } catch (err) {
      setStatus({ text: errorText(err), failed: true });
    }
  };

  return (
    <>
      <h1 tabIndex={-1}>Your account</h1>
      <p className="account-who">
        {data.name} · {data.email} · {data.roleLabel}
      </p>
      <form className="account-signature" onSubmit={(e) => void save(e)} aria-labelledby="h-signature">
        <h2 id="h-signature">Your signature</h2>
        <label htmlFor="signature">Signature</label>
        <textarea
          id="signature"
          rows={signatureLimits.lines}
          value={signature}
          maxLength={signatureLimits.characters}
          onChange={(e) => setSignature(e.target.value)}
          aria-describedby="signature-hint"
        />
        <p className="hint" id="signature-hint">
          Plain text, up to {signatureLimits.lines} lines and {signatureLimits.characters} characters: for example your
          name, your title and a phone number. It is added below the words of every reply and decision e-mail you send
          from now on, and shows in their preview. Leave it empty for none.
        </p>
        <div role="status" aria-live="polite">
          {status && <p className={status.failed ? "error" : "hint"}>{status.text}</p>}
        </div>
        <button type="submit" className="primary">
          Save the signature
        </button>
      </form>
      <h2>Notices</h2>
      <label className="check">
        <input type="checkbox" checked={notice} onChange={(e) => void chooseNotice(e.target.checked)} /> E-mail me when
        a customer answers an item I own (a link to it only, never their words)
      </label>
      <p role="status">{noticeNote}</p>
    </>
  );
}
