import { erasureAnswer, erasurePlanAnswer } from "@contracts/console-answers";
import type { ErasureAnswer, ErasurePlanAnswer } from "@contracts/console-answers";
import { can } from "@contracts/staff/permissions";
import { useEffect, useRef, useState } from "react";
import { api, ApiError, errorText, formatTime, kindNames, type Staff } from "../../api";
import { ConfirmBox } from "../../ui/ConfirmBox";

/**
 * Erasure on a submission's page: the plan is shown first (every submission it takes, with its
 * resume, notes and messages); the erasure carries the plan's ids and is refused if the set has
 * changed, when the new plan is shown with the server's message.
 */
export function ErasureSection(props: {
  id: number;
  staff: Staff;
  name: string;
  email: string;
  onErased: (answer: ErasureAnswer, wholePerson: boolean) => void;
  onFailed: (message: string) => void;
}) {
  const { id, staff } = props;
  const [plan, setPlan] = useState<ErasurePlanAnswer | null>(null);
  const [planNote, setPlanNote] = useState("");
  // The erase button is drawn anew when the plan closes: a cancelled erasure gives it the focus,
  // so a keyboard user is back where they asked.
  const eraseButton = useRef<HTMLButtonElement>(null);
  const [backToButton, setBackToButton] = useState(false);
  useEffect(() => {
    if (!backToButton || plan) return;
    eraseButton.current?.focus();
    setBackToButton(false);
  }, [backToButton, plan]);
  if (!can(staff, "submissions:erase")) return null;
  const closePlan = () => {
    setPlan(null);
    setPlanNote("");
    setBackToButton(true);
  };

  const showPlan = async (note = "") => {
    try {
      setPlan(await api(`submissions/${id}/erase`, erasurePlanAnswer));
      setPlanNote(note);
    } catch (err) {
      props.onFailed(errorText(err));
    }
  };
  const erase = async () => {
    if (!plan) return;
    try {
      const answer = await api(`submissions/${id}/erase`, erasureAnswer, {
        confirm: true,
        submissions: plan.items.map((i) => i.id),
      });
      props.onErased(answer, plan.wholePerson);
    } catch (err) {
      if (err instanceof ApiError && err.status === 409) return void showPlan(errorText(err));
      props.onFailed(errorText(err));
    }
  };

  return (
    <>
      <h3>Erasure</h3>
      {!plan ? (
        <button type="button" className="danger" ref={eraseButton} onClick={() => void showPlan()}>
          {can(staff, "submissions:erase:whole-person") ? "Erase this person" : "Erase what your role holds"}
        </button>
      ) : (
        <>
          <div aria-live="polite">{planNote && <p className="error">{planNote}</p>}</div>
          <p id="erase-list">
            {plan.wholePerson
              ? "Everything held about this address is listed here: every submission, whatever its kind."
              : "Your role erases only the submissions it can see, listed here. An administrator can erase the whole person."}
          </p>
          <ul className="erase-plan" aria-labelledby="erase-list">
            {plan.items.map((item) => (
              <li key={item.id}>
                <strong>
                  {kindNames[item.kind]} {item.reference}
                </strong>
                , received {formatTime(item.created_at)}
                {item.quarantined ? ", in quarantine" : ""}: {item.notes} note(s), {item.messages} message(s)
                {item.resume
                  ? `, resume ${item.resume.fileName} (${Math.ceil(item.resume.size / 1024)} KB, uploaded as “${item.resume.original_name}”)`
                  : ""}
              </li>
            ))}
          </ul>
          {plan.items.length === 0 ? (
            <p>
              Nothing from this address is left that your role may erase.{" "}
              <button type="button" onClick={closePlan}>
                Close
              </button>
            </p>
          ) : (
            <ConfirmBox
              id="erase-q"
              danger
              question={`${plan.wholePerson ? "Erase everything held about" : "Erase these submissions of"} ${props.name} (${props.email})? The ${plan.items.length} submission(s) listed above, their resumes, notes and messages are deleted for good. Copies in mailboxes are not reached.`}
              action="Erase permanently"
              onConfirm={() => void erase()}
              onCancel={closePlan}
            />
          )}
        </>
      )}
    </>
  );
}
