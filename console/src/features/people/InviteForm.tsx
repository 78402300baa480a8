import { invitationLinkAnswer } from "@contracts/console-answers";
import type { PeopleAnswer } from "@contracts/console-answers";
import { useState } from "react";
import { api, errorText } from "../../api";

/**
 * An administrator invites someone: name, work e-mail and staff role. The server e-mails the link
 * to the person at once (decision 072) and it is shown here once too (the server keeps only its
 * hash), with a button to copy it and whether the e-mail went; it works once, within 24 hours.
 * Every link made on this visit keeps its own line, newest first: inviting a second person must
 * not take away the first person's link before it has been passed on. The roles come with the
 * people (GET people), the one that permits least first and chosen at first.
 */
/** A link made on this visit; `n` counts them, so each line keeps its own field id. */
interface Made {
  n: number;
  link: string;
  name: string;
  email: string;
  label: string;
  /** Why the e-mail did not go; null: it went. */
  mailProblem: string | null;
}

export function InviteForm(props: { roles: PeopleAnswer["roles"]; onInvited: () => void }) {
  const { roles } = props;
  const [form, setForm] = useState({ name: "", email: "", role: roles[0]?.name ?? "" });
  const [error, setError] = useState("");
  const [made, setMade] = useState<Made[]>([]);
  const labelOf = (name: string) => roles.find((r) => r.name === name)?.label ?? name;
  const [copied, setCopied] = useState<number | null>(null);

  const submit = async () => {
    setError("");
    setCopied(null);
    try {
      const { link, mailProblem } = await api("invitations", invitationLinkAnswer, form);
      setMade((earlier) => [
        {
          n: earlier.length + 1,
          link,
          name: form.name.trim(),
          email: form.email.trim().toLowerCase(),
          label: labelOf(form.role),
          mailProblem,
        },
        ...earlier,
      ]);
      setForm({ name: "", email: "", role: form.role });
      props.onInvited();
    } catch (e) {
      setError(errorText(e));
    }
  };

  return (
    <section aria-labelledby="invite-heading">
      <h2 id="invite-heading">Invite someone</h2>
      <form
        className="filters"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <div className="field">
          <label htmlFor="i-name">Name</label>
          <input
            id="i-name"
            autoComplete="off"
            required
            maxLength={100}
            value={form.name}
            onChange={(e) => setForm({ ...form, name: e.target.value })}
          />
        </div>
        <div className="field">
          <label htmlFor="i-email">Work e-mail</label>
          <input
            id="i-email"
            type="email"
            autoComplete="off"
            required
            maxLength={254}
            value={form.email}
            onChange={(e) => setForm({ ...form, email: e.target.value })}
          />
        </div>
        <div className="field">
          <label htmlFor="i-role">Role</label>
          <select id="i-role" value={form.role} onChange={(e) => setForm({ ...form, role: e.target.value })}>
            {roles.map((r) => (
              <option key={r.name} value={r.name}>
                {r.label}
              </option>
            ))}
          </select>
        </div>
        <div className="actions">
          <button type="submit" className="primary">
            Create invitation link
          </button>
        </div>
      </form>
      <div aria-live="polite">
        {error && <p className="error">{error}</p>}
        {made.map((m) => (
          <div className="confirm calm invitation-link" key={m.n}>
            {m.mailProblem ? (
              <p className="error">
                The invitation was not e-mailed to {m.email}: {m.mailProblem}. Send the link below to {m.name} yourself.
              </p>
            ) : (
              <p>The invitation was e-mailed to {m.email}.</p>
            )}
            <p>
              <label htmlFor={`i-link-${m.n}`}>
                Invitation link for {m.name} ({m.label}). If you pass it on, send it to that person only. It is shown
                this once, works for one passkey and expires in 24 hours.
              </label>
            </p>
            <input id={`i-link-${m.n}`} readOnly value={m.link} onFocus={(e) => e.currentTarget.select()} />
            <p>
              <button
                type="button"
                onClick={() =>
                  void navigator.clipboard.writeText(m.link).then(
                    () => setCopied(m.n),
                    () => setError("The link could not be copied; select it and copy it by hand."),
                  )
                }
              >
                Copy the link for {m.name}
              </button>{" "}
              {copied === m.n && <span className="hint">Copied.</span>}
            </p>
          </div>
        ))}
      </div>
    </section>
  );
}
