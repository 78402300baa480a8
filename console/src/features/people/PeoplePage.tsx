import { unreadAnswer, api, formatTime, type Staff, errorText } from "../../api";
import { peopleAnswer } from "@contracts/console-answers";
import type { PersonAnswer } from "@contracts/console-answers";
import { useLoaderData, useRevalidator } from "react-router";
import { useRef, useState } from "react";
import { ConfirmBox } from "../../ui/ConfirmBox";
import { useTitle } from "../../ui/useTitle";
import { InviteForm } from "./InviteForm";

type Person = PersonAnswer;

/** What is being confirmed: a person, or one passkey (by its id) of a person. */
type Pending = { person: Person; passkey?: { id: string; n: number } };

export const peopleLoader = () => api("people", peopleAnswer);

export function PeoplePage({ staff }: { staff: Staff }) {
  useTitle("People");
  const data = useLoaderData<typeof peopleLoader>();
  const revalidator = useRevalidator();
  const [message, setMessage] = useState("");
  const [confirming, setConfirming] = useState<Pending | null>(null);
  const asker = useRef<HTMLButtonElement | null>(null);
  // After a change: the list as the server has it now (the router runs the loader again).
  const load = () => revalidator.revalidate();

  const act = async (path: string, done: string) => {
    setConfirming(null);
    try {
      await api(path, unreadAnswer, { confirm: true });
      setMessage(done);
      await load();
    } catch (e) {
      setMessage(errorText(e));
    }
  };
  const ask = (pending: Pending, button: HTMLButtonElement) => {
    asker.current = button;
    setConfirming(pending);
  };
  const cancel = () => {
    setConfirming(null);
    // Back to the button that asked, so a keyboard user keeps their place.
    requestAnimationFrame(() => asker.current?.focus());
  };
  const activeKeys = (p: Person) => p.passkeys.filter((k) => !k.revoked_at).length;

  return (
    <>
      <h1 tabIndex={-1}>People</h1>
      <p>
        Revoking a person ends their sessions, passkeys and pending invitations, those to them and those they made, at
        once; revoking a passkey ends the sessions it opened. A person comes back only through a new invitation, with a
        new passkey.
      </p>
      <div aria-live="polite">{message && <p className="hint">{message}</p>}</div>
      {data && <InviteForm roles={data.roles} onInvited={() => void load()} />}

      <section aria-labelledby="pending-heading">
        <h2 id="pending-heading">Pending invitations</h2>
        {data && data.invitations.length === 0 && <p>No invitation is waiting to be used.</p>}
        {data && data.invitations.length > 0 && (
          <ul className="invitations">
            {data.invitations.map((i) => (
              <li key={i.id}>
                {i.name} &lt;{i.email}&gt; · {i.roleLabel} · invited by{" "}
                {i.invited_by ?? "an operator on the command line"} · expires {formatTime(i.expires_at)}{" "}
                <button
                  type="button"
                  className="link"
                  onClick={() =>
                    void act(
                      `invitations/${encodeURIComponent(i.id)}/cancel`,
                      `The invitation for ${i.name} was cancelled.`,
                    )
                  }
                >
                  Cancel the invitation for {i.name}
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>

      <h2>Staff</h2>
      {data?.people.map((p) => (
        <section key={p.id} className="person" aria-labelledby={`person-${p.id}`}>
          <h3 id={`person-${p.id}`}>{p.name}</h3>
          <p>
            {p.email} · {p.roleLabel} · since {formatTime(p.created_at)}
            {p.revoked_at ? ` · revoked ${formatTime(p.revoked_at)}` : ""}
          </p>
          <ul className="passkeys">
            {p.passkeys.map((k, i) => (
              <li key={k.id}>
                Passkey {i + 1}, created {formatTime(k.created_at)}
                {k.last_used_at ? `, last used ${formatTime(k.last_used_at)}` : ", not used yet"}
                {k.revoked_at ? `, revoked ${formatTime(k.revoked_at)}` : ""}
                {/* Nobody revokes their own last passkey: they would lock themselves out. */}
                {!k.revoked_at && !p.revoked_at && !(p.id === staff.id && activeKeys(p) === 1) && (
                  <button
                    type="button"
                    className="link"
                    onClick={(e) => ask({ person: p, passkey: { id: k.id, n: i + 1 } }, e.currentTarget)}
                  >
                    Revoke passkey {i + 1} of {p.name}
                  </button>
                )}
                {confirming?.passkey?.id === k.id && (
                  <ConfirmBox
                    id={`confirm-${p.id}-${i}`}
                    question={`Revoke passkey ${i + 1} of ${p.name}? Any session it opened ends now, and it can never sign in again.`}
                    action={`Yes, revoke passkey ${i + 1}`}
                    danger
                    onConfirm={() =>
                      void act(`passkeys/${encodeURIComponent(k.id)}/revoke`, `Passkey ${i + 1} of ${p.name} revoked.`)
                    }
                    onCancel={cancel}
                  />
                )}
              </li>
            ))}
          </ul>
          {!p.revoked_at && p.id !== staff.id && (
            <button type="button" className="danger" onClick={(e) => ask({ person: p }, e.currentTarget)}>
              Revoke {p.name}
            </button>
          )}
          {confirming && !confirming.passkey && confirming.person.id === p.id && (
            <ConfirmBox
              id={`confirm-${p.id}`}
              question={`Revoke ${p.name}? Their sessions, all their passkeys and any pending invitation end now. They can come back only through a new invitation.`}
              action={`Yes, revoke ${p.name}`}
              danger
              onConfirm={() => void act(`people/${p.id}/revoke`, `${p.name} revoked.`)}
              onCancel={cancel}
            />
          )}
        </section>
      ))}
    </>
  );
}
