import { useState, type MouseEvent } from "react";
import { errorText } from "../api";

/** One button: its words and the file it saves (api.ts `download`), with what to say once saved. */
export interface DownloadAction {
  label: string;
  /** Saves the file; a returned sentence is announced once it is saved. */
  run: () => Promise<string | void>;
  className?: string;
}

/**
 * Buttons that save a file fetched by the page (the exports, a person's copy): busy while one
 * runs, the server's refusal or a lost connection said in an aria-live region beside them, so a
 * screen reader hears it and the keyboard focus stays on the button. With `submit`, the button
 * submits its form (Enter in a field presses it) once the form's own checks pass.
 */
export function DownloadButtons(props: { actions: readonly DownloadAction[]; className?: string; submit?: boolean }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  const [done, setDone] = useState("");

  async function start(event: MouseEvent<HTMLButtonElement>, action: DownloadAction) {
    if (props.submit) {
      // The click is the submission: the form's checks (a required address) still speak first.
      event.preventDefault();
      if (event.currentTarget.form?.reportValidity() === false) return;
    }
    setBusy(true);
    setError("");
    setDone("");
    try {
      setDone((await action.run()) ?? "");
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className={props.className}>
      {props.actions.map((action) => (
        <button
          key={action.label}
          type={props.submit ? "submit" : "button"}
          className={action.className}
          disabled={busy}
          onClick={(e) => void start(e, action)}
        >
          {action.label}
        </button>
      ))}
      <div aria-live="polite" className="download-status">
        {error && (
          <p className="error" role="alert">
            {error}
          </p>
        )}
        {done && <p className="hint">{done}</p>}
      </div>
    </div>
  );
}
