import { passkeyCreationOptions } from "./passkey-options";
import { staffAnswer } from "@contracts/console-answers";
import { startRegistration } from "@simplewebauthn/browser";
import { api, type Staff } from "../../api";
import { usePasskeyCeremony } from "./usePasskeyCeremony";
import { useTitle } from "../../ui/useTitle";

export function InvitationPage(props: { onSignedIn: (staff: Staff) => void }) {
  useTitle("Create your passkey");
  const { busy, error, run } = usePasskeyCeremony(
    "No passkey was created. Try again when your device asks for your fingerprint, face or PIN.",
  );
  // The token is in the fragment, which the browser never sends to a server.
  const token = window.location.hash.slice(1);

  const create = () =>
    run(async () => {
      const optionsJSON = await api("invitation/options", passkeyCreationOptions, {
        token,
      });
      const response = await startRegistration({ optionsJSON });
      const staff = await api("invitation/verify", staffAnswer, { token, response });
      props.onSignedIn(staff);
    });

  return (
    <main id="main" className="page narrow">
      <p className="brand">Altiva Cloud staff console</p>
      <h1 tabIndex={-1}>Create your passkey</h1>
      <p>
        You have been invited to the staff console. A passkey replaces a password: it stays on this device (or in your
        password manager) and is unlocked with your fingerprint, face or PIN. This link works once, within 24 hours of
        being sent.
      </p>
      <button type="button" className="primary" onClick={() => void create()} disabled={busy || !token}>
        Create passkey
      </button>
      <div aria-live="polite">
        {!token && <p className="error">This invitation link is not complete. Open the whole link you were sent.</p>}
        {error && <p className="error">{error}</p>}
      </div>
    </main>
  );
}
