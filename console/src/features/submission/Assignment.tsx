import {
  assignmentAnswer,
  assignableKinds,
  type AssignmentAnswer,
  type SubmissionKind,
} from "@contracts/console-answers";
import { useState } from "react";
import { can } from "@contracts/staff/permissions";
import { api, ApiError, errorText, formatTime, type Staff } from "../../api";

/**
 * Who owns an enquiry or feedback item, and giving it to someone (issue 27). The server checks
 * who may own it and that the owner is still the one shown here (`expected`): if someone else
 * assigned it meanwhile, it says so and this shows the new owner.
 */
export function Assignment(props: {
  id: number;
  kind: SubmissionKind;
  staff: Staff;
  /** As the page's loader found it (submission-loader.ts); null where it could not. */
  loaded: AssignmentAnswer | null;
}) {
  const { id, kind, staff, loaded } = props;
  const [state, setState] = useState(loaded);
  const [choice, setChoice] = useState(chosen(loaded));
  const [said, setSaid] = useState(loaded ? "" : "Who owns it could not be loaded. Reload the page to try again.");
  const assignable = (assignableKinds as readonly string[]).includes(kind) && can(staff, "submissions:assign");

  // After a refusal because someone else assigned it meanwhile: who owns it now.
  const load = async () => {
    try {
      const answer = await api(`submissions/${id}/assignment`, assignmentAnswer);
      setState(answer);
      setChoice(chosen(answer));
    } catch (err) {
      setSaid(errorText(err));
    }
  };
  if (!assignable) return null;

  const give = async (to: number | null) => {
    if (!state) return;
    setSaid("");
    try {
      const answer = await api(`submissions/${id}/assignment`, assignmentAnswer, {
        to,
        expected: state.assignee?.id ?? null,
      });
      setState(answer);
      setChoice(to === null ? "" : String(to));
      const name = answer.assignee?.name;
      setSaid(
        !name
          ? "Nobody owns it now."
          : to === staff.id
            ? "It is yours now."
            : `Assigned to ${name}. They get an e-mail with a link to it.`,
      );
    } catch (err) {
      setSaid(errorText(err));
      // Someone else assigned it meanwhile: show who owns it now.
      if (err instanceof ApiError && err.status === 409) void load();
    }
  };

  const owner = state?.assignee;
  return (
    <div className="assignment">
      <h3 id="h-owner">Owner</h3>
      {state && (
        <>
          <p>
            {!owner
              ? "Nobody owns this yet: it is listed under Unassigned."
              : owner.revoked
                ? `${owner.name} (access revoked): it is listed under Unassigned until someone takes it.`
                : `${owner.id === staff.id ? "You" : owner.name}, since ${formatTime(state.assignedAt ?? "")}.`}
          </p>
          <form
            className="inline"
            aria-labelledby="h-owner"
            onSubmit={(e) => {
              e.preventDefault();
              void give(choice ? Number(choice) : null);
            }}
          >
            <label htmlFor="assignee">Give to</label>
            <select id="assignee" value={choice} onChange={(e) => setChoice(e.target.value)}>
              <option value="">Nobody</option>
              {state.people.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.id === staff.id ? `${p.name} (you)` : p.name}
                </option>
              ))}
            </select>
            <button type="submit">Assign</button>
            {owner?.id !== staff.id && (
              <button type="button" onClick={() => void give(staff.id)}>
                Assign to me
              </button>
            )}
          </form>
        </>
      )}
      <div aria-live="polite">{said && <p className="hint">{said}</p>}</div>
    </div>
  );
}

/** The owner chosen in the form: the one there is, unless their access was revoked. */
function chosen(state: AssignmentAnswer | null): string {
  return state?.assignee && !state.assignee.revoked ? String(state.assignee.id) : "";
}
