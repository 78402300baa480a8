/**
 * A note being typed outlives the session that timed out under it: the draft is kept in this
 * tab's sessionStorage (gone when the tab closes), keyed by the person and the submission, so it
 * is back after signing in again and never shown to someone else signing in at the same desk.
 * Saving the note or signing out removes it.
 */
import { useCallback, useState } from "react";

const prefix = "console-note-draft:";

function read(key: string): string {
  try {
    return sessionStorage.getItem(key) ?? "";
  } catch {
    // Storage refused (a locked-down browser): the note simply is not kept.
    return "";
  }
}

function write(key: string, value: string) {
  try {
    if (value) sessionStorage.setItem(key, value);
    else sessionStorage.removeItem(key);
  } catch {
    // As above: without storage the draft lives only in the page.
  }
}

export function useNoteDraft(staffId: number, submissionId: number): [string, (value: string) => void] {
  const key = `${prefix}${staffId}:${submissionId}`;
  const [draft, setDraft] = useState(() => ({ key, value: read(key) }));
  // Another submission in the same page component: its own draft, read during render.
  if (draft.key !== key) setDraft({ key, value: read(key) });
  const update = useCallback(
    (value: string) => {
      setDraft({ key, value });
      write(key, value);
    },
    [key],
  );
  return [draft.key === key ? draft.value : read(key), update];
}

/** On signing out: no draft stays behind in the tab. */
export function forgetNoteDrafts() {
  try {
    for (const key of Object.keys(sessionStorage)) if (key.startsWith(prefix)) sessionStorage.removeItem(key);
  } catch {
    // Nothing was stored.
  }
}
