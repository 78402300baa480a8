/**
 * The content editor's bar: the autosave's status line, the item's state, a conflict notice, what
 * the last move did, and Preview, Publish and Unpublish (which asks first). Apart from
 * ContentEditPage.tsx so the page reads as its parts; the moves themselves are in use-item-moves.ts.
 */
import type { ConflictAnswer, ItemAnswer } from "@contracts/content/items";
import { useState } from "react";
import { ConfirmBox } from "../../ui/ConfirmBox";
import { ConflictNotice } from "./ConflictNotice";
import { statusText } from "./item-status";
import type { Outcome } from "./use-item-moves";

export interface PublishingBarProps {
  /** The autosave's status, in words. */
  savedText: string;
  loaded: ItemAnswer | null;
  timeZone: string;
  conflict: ConflictAnswer | null;
  /** The person's words, shown beside the conflict notice to copy from. */
  mine: string;
  onLoadTheirs: () => Promise<void>;
  outcome: Outcome | null;
  busy: boolean;
  mayPublish: boolean;
  /** The collection's label, for the Unpublish question. */
  label: string;
  onPreview: () => void;
  onPublish: () => void;
  onUnpublish: () => void;
}

export function PublishingBar(props: PublishingBarProps) {
  const { loaded, timeZone, conflict, outcome, busy, mayPublish, label } = props;
  const [unpublishing, setUnpublishing] = useState(false);
  const live = loaded && (loaded.status === "published" || loaded.status === "scheduled");
  return (
    <section className="content-bar" aria-label="Saving and publishing">
      <p className="content-saved" role="status" aria-live="polite">
        {props.savedText}
      </p>
      {loaded && (
        <p>
          <span className={`state ${loaded.status}`}>{statusText(loaded, timeZone)}</span>
        </p>
      )}
      {conflict && <ConflictNotice conflict={conflict} mine={props.mine} onLoadTheirs={props.onLoadTheirs} />}
      <div role="status" className="role-outcome">
        {outcome && (
          <p className={outcome.failed ? "error" : "done"}>
            {outcome.text}
            {outcome.link && (
              <>
                {" "}
                <a href={outcome.link.href} target="_blank" rel="noopener">
                  {outcome.link.text}
                </a>
              </>
            )}
          </p>
        )}
      </div>
      <div className="role-actions">
        <button type="button" disabled={busy || !loaded} onClick={props.onPreview}>
          Preview
        </button>
        {mayPublish && (
          <button type="button" className="primary" disabled={busy || !loaded} onClick={props.onPublish}>
            {loaded?.status === "published" ? "Publish changes" : "Publish now"}
          </button>
        )}
        {mayPublish && live && (
          <button
            type="button"
            className="danger"
            disabled={busy}
            aria-expanded={unpublishing}
            onClick={() => setUnpublishing(true)}
          >
            Unpublish
          </button>
        )}
      </div>
      {unpublishing && (
        <ConfirmBox
          id="unpublish-question"
          danger
          question={`Take this ${label} off the site? Its address answers “not found” until it is published again; the draft and the history stay.`}
          action="Unpublish"
          onConfirm={() => {
            setUnpublishing(false);
            props.onUnpublish();
          }}
          onCancel={() => setUnpublishing(false)}
        />
      )}
    </section>
  );
}
