import { staffAnswer } from "@contracts/console-answers";
import { passkeyRequestOptions } from "./passkey-options";
import { startAuthentication } from "@simplewebauthn/browser";
import { api, type Staff } from "../../api";
import { usePasskeyCeremony } from "./usePasskeyCeremony";
import { useTitle } from "../../ui/useTitle";

export function SignInPage(props: { onSignedIn: (staff: Staff) => void }) {
  useTitle("Sign in");
  const { busy, error, run } = usePasskeyCeremony(
    "No passkey was used. Try again, or ask an administrator for an invitation if you have none for this console.",
  );

  const signIn = () =>
    run(async () => {
      const optionsJSON = await api("sign-in/options", passkeyRequestOptions, {});
      const response = await startAuthentication({ optionsJSON });
      props.onSignedIn(await api("sign-in/verify", staffAnswer, { response }));
    });

  return (
    <main id="main" className="page narrow">
      <p className="brand">Altiva Cloud staff console</p>
      <h1 tabIndex={-1}>Sign in</h1>
      <p>Use the passkey you created from your invitation: your device asks for your fingerprint, face or PIN.</p>
      <button type="button" className="primary" onClick={() => void signIn()} disabled={busy}>
        Sign in with a passkey
      </button>
      <div aria-live="polite">{error && <p className="error">{error}</p>}</div>
    </main>
  );
}
