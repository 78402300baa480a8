/**
 * One content item, new or saved: every field, autosaved as a draft (with the version this page
 * holds) and a status line that says so; Preview (a signed link in a new tab), Publish now,
 * Schedule, Unpublish; the history with Restore. A save refused because someone else changed the
 * item names them and the time, stops the autosave and offers to load their version, keeping this
 * page's words beside the form. Publishing refused for missing fields puts each issue under its
 * field and moves the focus to the first.
 */
import { contentCollections, contentSlug, type ConflictAnswer, type ItemAnswer } from "@contracts/content/items";
import { can } from "@contracts/staff/permissions";
import { useCallback, useEffect, useRef, useState } from "react";
import { Link, useLoaderData, useNavigate } from "react-router";
import { errorText, type Staff } from "../../api";
import { ConfirmBox } from "../../ui/ConfirmBox";
import { useTitle } from "../../ui/useTitle";
import "./content.css";
import { ConflictError, contentApi, IssuesError, newLabel, pluralLabel, type Issue } from "./content-api";
import { fieldId } from "./ContentField";
import { ConflictNotice, KeptWords } from "./ConflictNotice";
import { imageOf, type ContentItemData } from "./content-loaders";
import { clockTime, zoneTime } from "./content-time";
import { collectionEditors, type EditorForm } from "./collection-forms";
import { heroImageId, slugOf } from "./form-values";
import { HistoryPanel } from "./HistoryPanel";
import { issueMap } from "./issue-words";
import { statusText } from "./item-status";
import { ScheduleForm } from "./ScheduleForm";
import { draftSaveText, useDraftAutosave, type DraftSaveStatus } from "./use-draft-autosave";
import type { AutosaveTimer } from "./editor/use-autosave";

type Outcome = { text: string; failed: boolean; link?: { href: string; text: string } };

export interface ContentEditPageProps {
  staff: Staff;
  /** Tests give their own clock and timer; the page uses the browser's. */
  now?: () => Date;
  timer?: AutosaveTimer;
  autosaveDelayMs?: number;
}

const today = (now: Date) => now.toISOString().slice(0, 10);

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
  const { formOf, draftOf, formText, Fields } = editor;
  const navigate = useNavigate();
  const [loaded, setLoaded] = useState<ItemAnswer | null>(data.item);
  const loadedRef = useRef(data.item);
  const [form, setForm] = useState<EditorForm>(() =>
    data.item ? formOf(data.item.draft, data.heroImage) : editor.empty(today(now())),
  );
  const formRef = useRef(form);
  // A new item's address follows its title until the person types one of their own.
  const slugFollowsTitle = useRef(!data.item);
  const [editorKey, setEditorKey] = useState(`${data.item?.id ?? "new"}-${data.item?.version ?? 0}`);
  const [revisions, setRevisions] = useState(data.revisions);
  const [issues, setIssues] = useState<Issue[]>([]);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [conflict, setConflict] = useState<ConflictAnswer | null>(null);
  const [kept, setKept] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [unpublishing, setUnpublishing] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const label = contentCollections[collection].label;
  const mayPublish = can(staff, "content:publish");
  useTitle(loaded ? form.title || loaded.slug : newLabel(collection));

  const hold = useCallback((answer: ItemAnswer) => {
    loadedRef.current = answer;
    // Once on the site, the address changes only when typed: a new one leaves a redirect behind.
    if (answer.liveSlug) slugFollowsTitle.current = false;
    setLoaded(answer);
  }, []);

  /** Sends the draft: creates the item on its first save, then saves it with the version held. */
  const save = useCallback(
    async (next: EditorForm) => {
      const draft = draftOf(next);
      const current = loadedRef.current;
      try {
        if (!current) {
          if (!contentSlug.safeParse(draft.slug).success)
            throw new Error("give it a title or an address of two letters or more first.");
          const created = await contentApi.create(collection, draft);
          hold(created);
          void navigate(`/content/${collection}/${created.id}`, { replace: true });
          return;
        }
        hold(await contentApi.save(collection, current.id, current.version, draft));
      } catch (error) {
        if (error instanceof ConflictError) setConflict(error.answer);
        throw error;
      }
    },
    [collection, draftOf, hold, navigate],
  );

  const initialStatus: DraftSaveStatus = data.item
    ? { state: "saved", at: new Date(data.item.updatedAt) }
    : { state: "new" };
  const autosave = useDraftAutosave<EditorForm>({
    save,
    initial: initialStatus,
    delayMs: autosaveDelayMs,
    timer,
    now,
  });

  // The loader answered for another address (a link to another item): that item is shown.
  useEffect(() => {
    if (data.item && data.item.id !== loadedRef.current?.id) show(data.item, data.heroImage, data.revisions);
    // Only a new answer from the loader moves the page; the page's own saves are held by hold().
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data]);

  /** Puts an answer into the form (loaded, restored, their version): the editors are drawn anew. */
  function show(answer: ItemAnswer, hero: Awaited<ReturnType<typeof imageOf>>, history?: typeof revisions) {
    hold(answer);
    const next = formOf(answer.draft, hero);
    formRef.current = next;
    setForm(next);
    setEditorKey(`${answer.id}-${answer.version}`);
    if (history) setRevisions(history);
  }

  const update = useCallback(
    (change: (f: EditorForm) => EditorForm) => {
      const before = formRef.current;
      let next = change(before);
      if (next.slug !== before.slug && next.title === before.title) slugFollowsTitle.current = false;
      if (slugFollowsTitle.current && next.title !== before.title) next = { ...next, slug: slugOf(next.title) };
      formRef.current = next;
      setForm(next);
      autosave.changed(next);
    },
    [autosave],
  );

  const refreshHistory = async (id: number) => {
    try {
      setRevisions((await contentApi.revisions(collection, id)).revisions);
    } catch {
      // The history shows what it had; the next load brings the rest.
    }
  };

  /** Saves what waits, then runs a move on the item as saved; false when the save did not go. */
  const settled = async (): Promise<ItemAnswer | null> => {
    await autosave.saveNow();
    if (autosave.blocked()) return null;
    const current = loadedRef.current;
    if (!current) {
      setOutcome({ text: "Give the item a title first: it is saved as a draft from then on.", failed: true });
      return null;
    }
    return current;
  };

  /** Says why a move was refused, and gives the words back (the schedule form shows them too). */
  const refused = (error: unknown, what: string): string => {
    let text = `${what}: ${errorText(error)}`;
    if (error instanceof ConflictError) {
      setConflict(error.answer);
      text = `${what}: someone else changed this item.`;
    } else if (error instanceof IssuesError) {
      setIssues(error.issues);
      const count = error.issues.length;
      text = `${what}: ${count === 1 ? "one field needs" : `${count} fields need`} a change. Each is marked under its field.`;
      const first = error.issues.map((i) => document.getElementById(fieldId(i.path))).find(Boolean);
      requestAnimationFrame(() => first?.focus());
    }
    setOutcome({ text, failed: true });
    return text;
  };

  const siteAddress = (slug: string) => `${window.location.origin}${contentCollections[collection].path(slug)}`;

  /** A move on the saved item; the refusal's words, or null when it was done. */
  const act = async (
    what: string,
    run: (item: ItemAnswer) => Promise<ItemAnswer>,
    done: (a: ItemAnswer) => Outcome,
  ): Promise<string | null> => {
    setOutcome(null);
    const current = await settled();
    if (!current) return `${what}: the draft is not saved yet.`;
    setBusy(true);
    try {
      const answer = await run(current);
      hold(answer);
      setIssues([]);
      setOutcome(done(answer));
      await refreshHistory(answer.id);
      return null;
    } catch (error) {
      return refused(error, what);
    } finally {
      setBusy(false);
    }
  };

  const publish = () =>
    act(
      "Not published",
      (item) => contentApi.publish(collection, item.id, item.version),
      (answer) => ({
        text: `Published. The site shows it within a minute at`,
        failed: false,
        link: { href: siteAddress(answer.liveSlug ?? answer.slug), text: siteAddress(answer.liveSlug ?? answer.slug) },
      }),
    );

  const schedule = (publishAt: string): Promise<string | null> =>
    act(
      "Not scheduled",
      (item) => contentApi.schedule(collection, item.id, item.version, publishAt),
      (answer) => ({
        text: `Scheduled. It goes live at ${zoneTime(answer.publishAt ?? publishAt, timeZone)}, within a minute of that time.`,
        failed: false,
      }),
    );

  const unpublish = () =>
    act(
      "Not unpublished",
      (item) => contentApi.unpublish(collection, item.id, item.version),
      () => ({ text: "Unpublished. The page leaves the site within a minute; the draft stays here.", failed: false }),
    );

  const restore = async (revision: number) => {
    setOutcome(null);
    const current = await settled();
    if (!current) return;
    setBusy(true);
    try {
      const answer = await contentApi.restore(collection, current.id, current.version, revision);
      show(answer, await imageOf(heroImageId(answer.draft)));
      setIssues([]);
      setOutcome({
        text: `Restored revision ${revision}: its words and images are live and in the form, as revision ${revisions.length + 1}.`,
        failed: false,
      });
      await refreshHistory(answer.id);
      autosave.resume({ state: "saved", at: new Date(answer.updatedAt) });
      heading.current?.focus();
    } catch (error) {
      refused(error, "Not restored");
    } finally {
      setBusy(false);
    }
  };

  const preview = async () => {
    setOutcome(null);
    const current = await settled();
    if (!current) return;
    try {
      const link = await contentApi.previewLink(collection, current.id);
      window.open(link.url, "_blank", "noopener");
      setOutcome({
        text: `Preview opened in a new tab. The link shows this draft to anyone who has it until ${zoneTime(link.expiresAt, timeZone)}:`,
        failed: false,
        link: { href: link.url, text: "open the preview again" },
      });
    } catch (error) {
      refused(error, "No preview");
    }
  };

  const loadTheirs = async () => {
    const current = loadedRef.current;
    if (!current) return;
    try {
      const answer = await contentApi.item(collection, current.id);
      setKept(formText(formRef.current));
      show(answer, await imageOf(heroImageId(answer.draft)));
      setConflict(null);
      setOutcome({ text: "Their version is in the form. Yours is below it, to copy from.", failed: false });
      autosave.resume({ state: "saved", at: new Date(answer.updatedAt) });
    } catch (error) {
      setOutcome({ text: `Their version did not load: ${errorText(error)}`, failed: true });
    }
  };

  const live = loaded && (loaded.status === "published" || loaded.status === "scheduled");
  const shownIssues = issueMap(issues);

  return (
    <>
      <p className="crumb">
        <Link to={`/content/${collection}`}>All {pluralLabel(collection).toLowerCase()}</Link>
      </p>
      <h1 tabIndex={-1} ref={heading}>
        {form.title.trim() || (loaded ? loaded.slug : newLabel(collection))}
      </h1>
      <div className="content-edit">
        <section className="content-bar" aria-label="Saving and publishing">
          <p className="content-saved" role="status" aria-live="polite">
            {draftSaveText(autosave.status, (at) => clockTime(at, timeZone))}
          </p>
          {loaded && (
            <p>
              <span className={`state ${loaded.status}`}>{statusText(loaded, timeZone)}</span>
            </p>
          )}
          {conflict && <ConflictNotice conflict={conflict} mine={formText(form)} onLoadTheirs={loadTheirs} />}
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
            <button type="button" disabled={busy || !loaded} onClick={() => void preview()}>
              Preview
            </button>
            {mayPublish && (
              <button type="button" className="primary" disabled={busy || !loaded} onClick={() => void publish()}>
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
                void unpublish();
              }}
              onCancel={() => setUnpublishing(false)}
            />
          )}
        </section>
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
            url={siteAddress(form.slug || "…")}
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
                onSchedule={schedule}
              />
            )}
            <HistoryPanel
              revisions={revisions}
              timeZone={timeZone}
              mayRestore={mayPublish}
              busy={busy}
              onRestore={(n) => void restore(n)}
            />
          </aside>
        )}
      </div>
    </>
  );
}
