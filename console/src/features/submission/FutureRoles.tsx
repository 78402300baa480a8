import { statusAnswer } from "@contracts/console-answers";
import { useState } from "react";
import type { DeletionAnswer } from "@contracts/console-answers";
import { api, deletionText, errorText } from "../../api";

/**
 * An application's future-roles consent, as HR records it when the candidate answers by e-mail
 * (yes, or a withdrawal): the server moves the deletion date and audits it (decision 033).
 */
export function FutureRoles(props: {
  id: number;
  consented: boolean;
  onSaved: (consented: boolean, deletion: DeletionAnswer | null) => void;
}) {
  const [said, setSaid] = useState("");
  const record = async (consent: boolean) => {
    setSaid("");
    try {
      const r = await api(`submissions/${props.id}/future-roles`, statusAnswer, { consent });
      props.onSaved(consent, r.deletion);
      setSaid(
        `${consent ? "Consent recorded" : "Withdrawal recorded"}.${r.deletion ? ` Deletion date: ${deletionText(r.deletion)}.` : ""}`,
      );
    } catch (err) {
      setSaid(errorText(err));
    }
  };
  return (
    <>
      <h3>Future roles</h3>
      <p>
        {props.consented
          ? "The candidate agreed to be kept for future roles, until 24 months after arrival."
          : "The candidate has not agreed to be kept for future roles."}
      </p>
      <p>
        <button type="button" onClick={() => void record(!props.consented)}>
          {props.consented ? "They withdrew: record it" : "They replied yes: record consent"}
        </button>
      </p>
      <div aria-live="polite">{said && <p className="hint">{said}</p>}</div>
    </>
  );
}
