import { keepsBeyondRetention } from "@contracts/staff-console";
import { useCallback, useEffect, useRef, useState } from "react";
import type { NoteAnswer, SubmissionDetailAnswer } from "@contracts/console-answers";
import { api, formatTime, kindNames, type Staff } from "../api";
import { onLinkClick } from "../router";
import { FieldList } from "../FieldList";
import { useTitle } from "../useTitle";

const purposeNames: Record<string, string> = {
  notify: "Notification to the team",
  confirm: "Confirmation to the sender",
  webhook: "Webhook delivery",
};

export function SubmissionPage({ id }: { id: number; staff: Staff }) {
  const [detail, setDetail] = useState<SubmissionDetailAnswer | null>(null);
  const [error, setError] = useState("");
  const [status, setStatus] = useState("");
  const [saved, setSaved] = useState("");
  const [note, setNote] = useState("");
  const [noteError, setNoteError] = useState("");
  const [confirming, setConfirming] = useState(false);
  const [erased, setErased] = useState("");
  const s = detail?.submission;
  useTitle(s ? (s.reference ?? `${kindNames[s.kind]} from ${s.first_name} ${s.last_name}`) : "Submission");

  const load = useCallback(async () => {
    try {
      const d = await api<SubmissionDetailAnswer>(`submissions/${id}`);
      setDetail(d);
      setStatus(d.submission.status);
    } catch (e) {
      setError((e as Error).message);
    }
  }, [id]);
  useEffect(() => void load(), [load]);
  // The heading shown while loading is replaced; the loaded one takes the focus it had.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (detail && document.activeElement === document.body) heading.current?.focus();
  }, [detail]);

  if (erased) {
    return (
      <>
        <h1 tabIndex={-1}>Person erased</h1>
        <p role="status">{erased}</p>
        <p>
          <a href="/admin" onClick={onLinkClick}>
            Back to the inbox
          </a>
        </p>
      </>
    );
  }
  if (error) {
    return (
      <>
        <h1 tabIndex={-1}>Submission</h1>
        <p className="error" role="alert">
          {error}
        </p>
      </>
    );
  }
  if (!detail || !s) return <h1 tabIndex={-1}>Submission</h1>;

  const saveStatus = async (e: React.FormEvent) => {
    e.preventDefault();
    setSaved("");
    try {
      await api(`submissions/${id}/status`, { status });
      setSaved(`Status saved: ${status}.`);
      // Updated in place: reloading the page would log another view in the audit log.
      setDetail({
        ...detail,
        submission: {
          ...s,
          status,
          selected: s.kind === "application" ? (keepsBeyondRetention(s.kind, status) ? 1 : 0) : s.selected,
        },
      });
    } catch (err) {
      setSaved((err as Error).message);
    }
  };
  const addNote = async (e: React.FormEvent) => {
    e.preventDefault();
    setNoteError("");
    if (!note.trim()) return setNoteError("Write the note first.");
    try {
      const added = await api<NoteAnswer>(`submissions/${id}/notes`, { body: note });
      setNote("");
      setDetail({ ...detail, notes: [...detail.notes, added] });
    } catch (err) {
      setNoteError((err as Error).message);
    }
  };
  const erase = async () => {
    try {
      const r = await api<{ submissions: number; resumes: number; messages: number }>(`submissions/${id}/erase`, {
        confirm: true,
      });
      setErased(
        `Everything held about this person was erased: ${r.submissions} submission(s), ${r.resumes} resume(s) and ${r.messages} message(s). The entry in the audit log stays, without their details.`,
      );
    } catch (err) {
      setError((err as Error).message);
    }
  };

  const title = s.reference ? `Application ${s.reference}` : `${kindNames[s.kind]} from ${s.first_name} ${s.last_name}`;
  const fields: [string, string | null][] = [
    ["Kind", kindNames[s.kind]],
    ["Received", formatTime(s.created_at)],
    ["Application number", s.reference],
    ["Name", `${s.first_name} ${s.last_name}`],
    ["E-mail address", s.email],
    ["Phone", s.phone],
    ["Position", s.position],
    ["Reason", s.reason],
    ["Feedback about", s.feedback_type],
    ["Kept beyond the retention period", s.kind === "application" ? (s.selected ? "Yes" : "No") : null],
    ["IP address", s.ip || null],
    ["Browser", s.user_agent],
  ];

  return (
    <>
      <p>
        <a href="/admin" onClick={onLinkClick}>
          Inbox
        </a>
      </p>
      <h1 tabIndex={-1} ref={heading}>
        {title}
      </h1>
      <div className="columns">
        <section aria-labelledby="h-details">
          <h2 id="h-details">Details</h2>
          <FieldList fields={fields} />
          <h3>Message</h3>
          <p className="message">{s.message}</p>
          {detail.resume && (
            <>
              <h3>Resume</h3>
              <p>
                {detail.resume.detected_type.toUpperCase()}, {Math.ceil(detail.resume.size / 1024)} KB, uploaded as “
                {detail.resume.original_name}”.
              </p>
              <p>
                <a className="button" href={`/admin/api/submissions/${id}/resume`} download={detail.resume.fileName}>
                  Download resume
                </a>
              </p>
            </>
          )}
        </section>
        <section aria-labelledby="h-handling">
          <h2 id="h-handling">Handling</h2>
          <form onSubmit={(e) => void saveStatus(e)} className="inline">
            <label htmlFor="status">Status</label>
            <select id="status" value={status} onChange={(e) => setStatus(e.target.value)}>
              {detail.statuses.map((st) => (
                <option key={st} value={st}>
                  {st}
                </option>
              ))}
            </select>
            <button type="submit">Save status</button>
          </form>
          <div aria-live="polite">{saved && <p className="hint">{saved}</p>}</div>
          <h3>Notes</h3>
          {detail.notes.length === 0 ? (
            <p>No notes yet.</p>
          ) : (
            <ul className="notes">
              {detail.notes.map((n) => (
                <li key={n.id}>
                  <p className="note-body">{n.body}</p>
                  <p className="hint">
                    {n.staff_name}, {formatTime(n.created_at)}
                  </p>
                </li>
              ))}
            </ul>
          )}
          <form onSubmit={(e) => void addNote(e)}>
            <label htmlFor="note">Note</label>
            <textarea id="note" rows={3} value={note} onChange={(e) => setNote(e.target.value)} maxLength={5000} />
            <div aria-live="polite">{noteError && <p className="error">{noteError}</p>}</div>
            <button type="submit">Add note</button>
          </form>
          <h3>Messages</h3>
          {detail.messages.length === 0 ? (
            <p>No messages were queued for this submission.</p>
          ) : (
            <ul className="messages">
              {detail.messages.map((m) => (
                <li key={m.id}>
                  <strong>{purposeNames[m.purpose] ?? m.purpose}</strong> to {m.recipient}: {m.status}
                  {m.status === "sent" && m.sent_at ? ` ${formatTime(m.sent_at)}` : ""}
                  {m.attempts > 0 && m.status !== "sent" ? `, ${m.attempts} attempt(s)` : ""}
                  {m.last_error ? ` (last error: ${m.last_error})` : ""}
                </li>
              ))}
            </ul>
          )}
          <h3>Erasure</h3>
          {!confirming ? (
            <button type="button" className="danger" onClick={() => setConfirming(true)}>
              Erase this person
            </button>
          ) : (
            <div className="confirm" role="group" aria-labelledby="erase-q">
              <p id="erase-q">
                Erase everything held about {s.first_name} {s.last_name} ({s.email})? Every submission from this
                address, its resume, its messages and its notes are deleted for good. Copies in mailboxes are not
                reached.
              </p>
              <button type="button" className="danger" onClick={() => void erase()}>
                Erase permanently
              </button>
              <button type="button" onClick={() => setConfirming(false)}>
                Cancel
              </button>
            </div>
          )}
        </section>
      </div>
    </>
  );
}
