import { useState } from "react";
import { download } from "../../api";
import { DownloadButtons } from "../../ui/DownloadButtons";
import { useTitle } from "../../ui/useTitle";

/**
 * Admin only: a person's copy of their data (Privacy Policy, "Your rights"). The address goes in
 * the request's body, never the URL; the zip is saved by the browser and the copy is audited.
 */
export function PeoplesCopyPage() {
  useTitle("Copy of a person's data");
  const [email, setEmail] = useState("");
  const [consentIds, setConsentIds] = useState("");
  // Run by the form's button once the address is there; what the zip holds is said after.
  const copy = async () => {
    const ids = consentIds
      .split(/[\s,]+/)
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean);
    const { name, headers } = await download("peoples-copy", { email, consentIds: ids });
    const contents = headers.get("X-Copy-Contents") ?? "";
    return contents.startsWith("0 submission(s)")
      ? `Saved as ${name}, but nothing is held under this address (${contents}). Check it for a typing mistake.`
      : `Saved as ${name}: ${contents}. It holds personal data: send it to the person by a secure route and delete your copy afterwards.`;
  };

  return (
    <>
      <h1 tabIndex={-1}>Copy of a person&rsquo;s data</h1>
      <p>
        When someone asks for a copy of their data, this makes one zip of everything held about their e-mail address:
        each enquiry, application and feedback as JSON (spam-filtered ones too) with its status, notes and the e-mails
        sent about it, each resume as uploaded, and their cookie choices. The copy is recorded in the audit log.
      </p>
      {/* The button submits (DownloadButtons, `submit`): nothing is ever posted by the browser itself. */}
      <form className="filters column" onSubmit={(e) => e.preventDefault()}>
        <div className="field">
          <label htmlFor="c-email">Their e-mail address</label>
          <input
            id="c-email"
            type="email"
            autoComplete="off"
            required
            maxLength={254}
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor="c-consent">Consent IDs (optional)</label>
          <textarea
            id="c-consent"
            rows={2}
            aria-describedby="c-consent-hint"
            value={consentIds}
            onChange={(e) => setConsentIds(e.target.value)}
          />
          <p className="hint" id="c-consent-hint">
            Cookie choices hold no address: the person finds their consent ID under Cookie Settings on the website.
          </p>
        </div>
        <DownloadButtons
          className="actions"
          submit
          actions={[{ label: "Download copy", className: "primary", run: copy }]}
        />
      </form>
    </>
  );
}
