import { useState } from "react";
import { errorText } from "../../api";

/**
 * Runs a passkey ceremony (creating one from an invitation, or signing in with one) for a page:
 * whether it is under way, and the message when it failed. A refusal at the device, or no passkey
 * chosen, is WebAuthn's NotAllowedError, which gets the page's own explanation.
 */
export function usePasskeyCeremony(notAllowedMessage: string) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  const run = async (ceremony: () => Promise<void>) => {
    setBusy(true);
    setError("");
    try {
      await ceremony();
    } catch (e) {
      setError((e as Error).name === "NotAllowedError" ? notAllowedMessage : errorText(e));
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, run };
}
