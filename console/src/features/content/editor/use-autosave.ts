import type { RichTextDoc } from "@contracts/content/rich-text";
import { useCallback, useEffect, useRef, useState } from "react";

export type AutosaveStatus = { state: "saved" } | { state: "saving" } | { state: "failed"; reason: string };

/** The words the status line says, one per state (the "Not saved" one with its reason). */
export function autosaveText(status: AutosaveStatus): string {
  if (status.state === "saved") return "Saved";
  if (status.state === "saving") return "Saving…";
  return `Not saved: ${status.reason}`;
}

/**
 * Saves the latest body `delayMs` after the last change. A change made while a save is on its way
 * waits for it and is saved next; only the latest save's outcome is shown, so a slow early answer
 * cannot report "Saved" over newer words.
 */
/** Where the pause is timed: the browser's timers, or a test's own clock. */
export interface AutosaveTimer {
  set: (run: () => void, ms: number) => unknown;
  clear: (handle: unknown) => void;
}
export const browserTimer: AutosaveTimer = {
  set: (run, ms) => setTimeout(run, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export function useAutosave(save: (doc: RichTextDoc) => Promise<void>, delayMs: number, clock = browserTimer) {
  const [status, setStatus] = useState<AutosaveStatus>({ state: "saved" });
  const pending = useRef<RichTextDoc | null>(null);
  const timer = useRef<unknown>(null);
  const inFlight = useRef(false);
  const saveRef = useRef(save);
  useEffect(() => {
    saveRef.current = save;
  }, [save]);

  const flush = useCallback(async () => {
    if (inFlight.current || pending.current === null) return;
    const doc = pending.current;
    pending.current = null;
    inFlight.current = true;
    try {
      await saveRef.current(doc);
      if (pending.current === null) setStatus({ state: "saved" });
    } catch (error) {
      if (pending.current === null)
        setStatus({ state: "failed", reason: error instanceof Error ? error.message : "the server did not answer" });
    } finally {
      inFlight.current = false;
    }
    if (pending.current !== null) await flush();
  }, []);

  const changed = useCallback(
    (doc: RichTextDoc) => {
      pending.current = doc;
      setStatus({ state: "saving" });
      if (timer.current !== null) clock.clear(timer.current);
      timer.current = clock.set(() => {
        timer.current = null;
        void flush();
      }, delayMs);
    },
    [delayMs, flush, clock],
  );

  /** A change that does not fit the format: nothing is sent, and the reason is said. */
  const refused = useCallback(
    (reason: string) => {
      pending.current = null;
      if (timer.current !== null) clock.clear(timer.current);
      timer.current = null;
      setStatus({ state: "failed", reason });
    },
    [clock],
  );

  // Leaving the page does not wait for the delay: the last words go at once.
  useEffect(
    () => () => {
      if (timer.current !== null) clock.clear(timer.current);
      void flush();
    },
    [flush, clock],
  );

  return { status, changed, refused };
}
