import { noteAnswer, type SubmissionDetailAnswer } from "@contracts/console-answers";
import { can } from "@contracts/staff/permissions";
import { useState } from "react";
import { api, errorText, formatTime, type Staff } from "../../api";
import { useNoteDraft } from "./useNoteDraft";

type Note = SubmissionDetailAnswer["notes"][number];

/** A submission's notes, oldest first, and for those who may update it a box to add one. */
export function NotesSection(props: { id: number; staff: Staff; notes: Note[]; onAdded: (note: Note) => void }) {
  const { id, staff } = props;
  const [note, setNote] = useNoteDraft(staff.id, id);
  const [noteError, setNoteError] = useState("");
  const addNote = async (e: React.FormEvent) => {
    e.preventDefault();
    setNoteError("");
    if (!note.trim()) return setNoteError("Write the note first.");
    try {
      const added = await api(`submissions/${id}/notes`, noteAnswer, { body: note });
      setNote("");
      props.onAdded(added);
    } catch (err) {
      setNoteError(errorText(err));
    }
  };
  return (
    <>
      <h3>Notes</h3>
      {props.notes.length === 0 ? (
        <p>No notes yet.</p>
      ) : (
        <ul className="notes">
          {props.notes.map((n) => (
            <li key={n.id}>
              <p className="note-body">{n.body}</p>
              <p className="hint">
                {n.staff_name}, {formatTime(n.created_at)}
              </p>
            </li>
          ))}
        </ul>
      )}
      {can(staff, "submissions:update") && (
        <form onSubmit={(e) => void addNote(e)}>
          <label htmlFor="note">Note</label>
          <textarea id="note" rows={3} value={note} onChange={(e) => setNote(e.target.value)} maxLength={5000} />
          <div aria-live="polite">{noteError && <p className="error">{noteError}</p>}</div>
          <button type="submit">Add note</button>
        </form>
      )}
    </>
  );
}
