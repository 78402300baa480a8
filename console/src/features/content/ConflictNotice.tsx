/**
 * What the editor shows when someone else saved the item after this page loaded it: the server's
 * sentence naming them and the time, the person's own words kept on the page to copy, and a way to
 * load the other version. Loading theirs keeps this page's words beside the form (not lost
 * silently) until the person leaves the page.
 */
import type { ConflictAnswer } from "@contracts/content/items";
import { useState } from "react";

export function ConflictNotice(props: {
  conflict: ConflictAnswer;
  /** This page's words as plain text, to copy before loading theirs. */
  mine: string;
  onLoadTheirs: () => Promise<void>;
}) {
  const [copied, setCopied] = useState<string | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(props.mine);
      setCopied("Copied: your version is on the clipboard.");
    } catch {
      setCopied("The browser did not allow copying: select the text below and copy it.");
    }
  };
  return (
    <section className="conflict" aria-labelledby="conflict-heading" role="alert">
      <h2 id="conflict-heading">Someone else changed this item</h2>
      <p>{props.conflict.message}</p>
      <div className="role-actions">
        <button type="button" onClick={() => void copy()}>
          Copy your version
        </button>
        <button type="button" className="primary" onClick={() => void props.onLoadTheirs()}>
          Load their version
        </button>
      </div>
      {copied && <p role="status">{copied}</p>}
      <p className="hint">Nothing more is saved from this page until you load their version.</p>
    </section>
  );
}

/** The words kept after loading the other version: shown, selectable, with a copy button. */
export function KeptWords({ text, onDismiss }: { text: string; onDismiss: () => void }) {
  return (
    <section className="kept-words" aria-labelledby="kept-heading">
      <h2 id="kept-heading">Your version, before you loaded theirs</h2>
      <p className="hint">Copy what you need into the form; this stays here until you leave the page.</p>
      <label htmlFor="kept-text" className="visually-hidden">
        Your version as text
      </label>
      <textarea id="kept-text" readOnly rows={8} value={text} />
      <button type="button" className="link" onClick={onDismiss}>
        Hide your earlier version
      </button>
    </section>
  );
}
