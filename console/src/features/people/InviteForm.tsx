import { invitationLinkAnswer } from "@contracts/console-answers";
import type { PeopleAnswer } from "@contracts/console-answers";
import { useState } from "react";
import { api, errorText } from "../../api";

/**
 * An administrator invites someone: name, work e-mail and staff role. The link is shown here once
 * (the server keeps only its hash), with a button to copy it; it works once, within 24 hours. The
 * roles come with the people (GET people), the one that permits least first and chosen at first.
 */
export function InviteForm(props: { roles: PeopleAnswer["roles"]; onInvited: () => void }) {
  const { roles } = props;
  const [form, setForm] = useState({ name: "", email: "", role: roles[0]?.name ?? "" });
  const [error, setError] = useState("");
  const [made, setMade] = useState<{ link: string; name: string; label: string } | null>(null);
  const labelOf = (name: string) => roles.find((r) => r.name === name)?.label ?? name;
  const [copied, setCopied] = useState(false);

  const submit = async () => {
    setError("");
    setCopied(false);
    try {
      const { link } = await api("invitations", invitationLinkAnswer, form);
      setMade({ link, name: form.name.trim(), label: labelOf(form.role) });
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
        {made && (
          <div className="confirm calm invitation-link">
            <p>
              <label htmlFor="i-link">
                Invitation link for {made.name} ({made.label}). Send it to that person only. It is shown this once,
                works for one passkey and expires in 24 hours.
              </label>
            </p>
            <input id="i-link" readOnly value={made.link} onFocus={(e) => e.currentTarget.select()} />
            <p>
              <button
                type="button"
                onClick={() =>
                  void navigator.clipboard.writeText(made.link).then(
                    () => setCopied(true),
                    () => setError("The link could not be copied; select it and copy it by hand."),
                  )
                }
              >
                Copy link
              </button>{" "}
              {copied && <span className="hint">Copied.</span>}
            </p>
          </div>
        )}
      </div>
    </section>
  );
}
