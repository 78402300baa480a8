/**
 * One content item, new or saved: every field, autosaved as a draft (with the version this page
 * holds) and a status line that says so; Preview (a signed link in a new tab), Publish now,
 * Schedule, Unpublish; the history with Restore. A save refused because someone else changed the
 * item names them and the time, stops the autosave and offers to load their version, keeping this
 * page's words beside the form. Publishing refused for missing fields puts each issue under its
 * field and moves the focus to the first.
 */
import { contentCollections, itemName } from "@contracts/content/items";
import { can } from "@contracts/staff/permissions";
import { useRef } from "react";
import { Link, useLoaderData } from "react-router";
import type { Staff } from "../../api";
import { useTitle } from "../../ui/useTitle";
import "./content.css";
import { newLabel, pluralLabel } from "./content-api";
import { KeptWords } from "./ConflictNotice";
import type { ContentItemData } from "./content-loaders";
import { clockTime } from "./content-time";
import { collectionEditors } from "./collection-forms";
import { HistoryPanel } from "./HistoryPanel";
import { issueMap } from "./issue-words";
import { PublishingBar } from "./PublishingBar";
import { ScheduleForm } from "./ScheduleForm";
import { draftSaveText } from "./use-draft-autosave";
import { useEditedItem } from "./use-edited-item";
import { siteAddressOf, useItemMoves } from "./use-item-moves";
import type { AutosaveTimer } from "./editor/use-autosave";

export interface ContentEditPageProps {
  staff: Staff;
  /** Tests give their own clock and timer; the page uses the browser's. */
  now?: () => Date;
  timer?: AutosaveTimer;
  autosaveDelayMs?: number;
}

/** The routes open this page only for collections with an editor (collection-forms.ts). */
function editorOf(collection: ContentItemData["collection"]) {
  const editor = collectionEditors[collection];
  if (!editor) throw new Error(`The console has no editor for ${collection}.`);
  return editor;
}

export function ContentEditPage({ staff, now = () => new Date(), timer, autosaveDelayMs }: ContentEditPageProps) {
  const data = useLoaderData() as ContentItemData;
  const { collection, timeZone } = data;
  const editor = editorOf(collection);
  const { formText, Fields } = editor;
  const item = useEditedItem({ data, editor, now, timer, autosaveDelayMs });
  const { loaded, form, editorKey, revisions, conflict, update, autosave } = item;
  const heading = useRef<HTMLHeadingElement>(null);
  const moves = useItemMoves({ collection, timeZone, item, formText, heading });
  const { outcome, kept, setKept, busy } = moves;
  const label = contentCollections[collection].label;
  const mayPublish = can(staff, "content:publish");
  const name = itemName(collection, editor.draftOf(form));
  useTitle(loaded ? name || loaded.slug : newLabel(collection));
  const shownIssues = issueMap(moves.issues);

  return (
    <>
      <p className="crumb">
        <Link to={`/content/${collection}`}>All {pluralLabel(collection).toLowerCase()}</Link>
      </p>
      <h1 tabIndex={-1} ref={heading}>
        {name || (loaded ? loaded.slug : newLabel(collection))}
      </h1>
      <div className="content-edit">
        <PublishingBar
          savedText={draftSaveText(autosave.status, (at) => clockTime(at, timeZone))}
          loaded={loaded}
          timeZone={timeZone}
          conflict={conflict}
          mine={formText(form)}
          onLoadTheirs={moves.loadTheirs}
          outcome={outcome}
          busy={busy}
          mayPublish={mayPublish}
          label={label}
          onPreview={() => void moves.preview()}
          onPublish={() => void moves.publish()}
          onUnpublish={() => void moves.unpublish()}
        />
        <form
          className="role-form content-form"
          noValidate
          aria-label={`The ${label}`}
          onSubmit={(e) => e.preventDefault()}
        >
          {kept !== null && <KeptWords text={kept} onDismiss={() => setKept(null)} />}
          <Fields
            form={form}
            onForm={update}
            issues={shownIssues}
            editorKey={editorKey}
            url={siteAddressOf(collection, form.slug || "…")}
            onBodyPause={autosave.saveNow}
          />
        </form>
        {loaded && (
          <aside className="content-side" aria-label="Schedule and history">
            {mayPublish && (
              <ScheduleForm
                key={loaded.publishAt ?? "none"}
                timeZone={timeZone}
                publishAt={loaded.publishAt}
                now={now}
                busy={busy}
                onSchedule={moves.schedule}
              />
            )}
            <HistoryPanel
              revisions={revisions}
              timeZone={timeZone}
              mayRestore={mayPublish}
              busy={busy}
              onRestore={(n) => void moves.restore(n)}
            />
          </aside>
        )}
      </div>
    </>
  );
}
