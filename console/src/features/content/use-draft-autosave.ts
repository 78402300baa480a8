/**
 * The content editor's autosave of the whole draft: `delayMs` after the last change the newest
 * fields are sent with the version the page holds. A change made while a save is on its way is
 * sent after it; only the newest outcome is shown, so a slow early answer never says "Saved" over
 * newer words. A conflict (someone else saved in between) stops the autosave: nothing more is
 * sent until the person has chosen what to keep (`resume`). Timers and the clock are given, so
 * tests move them by hand.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { browserTimer, type AutosaveTimer } from "./editor/use-autosave";
import { ConflictError } from "./content-api";

export type DraftSaveStatus =
  | { state: "new" }
  | { state: "saved"; at: Date }
  | { state: "saving" }
  | { state: "failed"; reason: string }
  | { state: "conflict" };

/** The status line's words; "Saved at 14:02" in the company's zone (`clock` formats it). */
export function draftSaveText(status: DraftSaveStatus, clock: (at: Date) => string): string {
  switch (status.state) {
    case "new":
      return "Not saved yet: the draft is kept from its first title and address.";
    case "saved":
      return `Saved at ${clock(status.at)}`;
    case "saving":
      return "Saving…";
    case "failed":
      return `Not saved: ${status.reason}`;
    case "conflict":
      return "Not saved: someone else changed this item. See below.";
  }
}

export function useDraftAutosave<T>(options: {
  /** Sends the draft; rejects with ConflictError on a 409, with the reason otherwise. */
  save: (data: T) => Promise<void>;
  initial: DraftSaveStatus;
  delayMs?: number;
  timer?: AutosaveTimer;
  now?: () => Date;
}) {
  const { delayMs = 1500, timer = browserTimer, now = () => new Date() } = options;
  const [status, setStatus] = useState<DraftSaveStatus>(options.initial);
  const pending = useRef<{ data: T } | null>(null);
  const handle = useRef<unknown>(null);
  const inFlight = useRef<Promise<void> | null>(null);
  const blocked = useRef(false);
  const saveRef = useRef(options.save);
  const nowRef = useRef(now);
  useEffect(() => {
    saveRef.current = options.save;
    nowRef.current = now;
  });

  const cancelTimer = useCallback(() => {
    if (handle.current !== null) timer.clear(handle.current);
    handle.current = null;
  }, [timer]);

  const flush = useCallback(async (): Promise<void> => {
    cancelTimer();
    if (inFlight.current) {
      await inFlight.current;
      return flush();
    }
    if (blocked.current || pending.current === null) return;
    const { data } = pending.current;
    pending.current = null;
    const run = (async () => {
      try {
        await saveRef.current(data);
        if (pending.current === null) setStatus({ state: "saved", at: nowRef.current() });
      } catch (error) {
        if (error instanceof ConflictError) {
          blocked.current = true;
          pending.current = null;
          setStatus({ state: "conflict" });
        } else if (pending.current === null) {
          setStatus({ state: "failed", reason: error instanceof Error ? error.message : "the server did not answer" });
        }
      }
    })();
    inFlight.current = run;
    await run;
    inFlight.current = null;
    if (pending.current !== null && !blocked.current) await flush();
  }, [cancelTimer]);

  const changed = useCallback(
    (data: T) => {
      if (blocked.current) return;
      pending.current = { data };
      setStatus({ state: "saving" });
      cancelTimer();
      handle.current = timer.set(() => {
        handle.current = null;
        void flush();
      }, delayMs);
    },
    [cancelTimer, delayMs, flush, timer],
  );

  /** After a conflict: the page holds the version it chose; autosave goes on from there. */
  const resume = useCallback((next: DraftSaveStatus) => {
    blocked.current = false;
    setStatus(next);
  }, []);

  /** Whatever is waiting goes now (before publishing, or when the page is left). */
  const saveNow = flush;

  useEffect(
    () => () => {
      cancelTimer();
      void flush();
    },
    [cancelTimer, flush],
  );

  /** Whether a conflict holds the autosave (read after `saveNow`, before a move on the item). */
  const isBlocked = useCallback(() => blocked.current, []);

  return { status, changed, saveNow, resume, blocked: isBlocked };
}
