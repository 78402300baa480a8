/**
 * The content editor's item and form: the answer the page holds (and its version, which every save
 * sends), the form, the autosave that sends it, the history, and a conflict the server reported.
 * Apart from ContentEditPage.tsx so the page reads as its parts; the moves on the item (publish,
 * restore, preview) are in use-item-moves.ts.
 */
import { contentSlug, itemName, type ConflictAnswer, type ItemAnswer } from "@contracts/content/items";
import { useCallback, useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { ConflictError, contentApi } from "./content-api";
import type { imageOf, ContentItemData } from "./content-loaders";
import type { CollectionEditor, EditorForm } from "./collection-forms";
import { slugOf } from "./form-values";
import { useDraftAutosave, type DraftSaveStatus } from "./use-draft-autosave";
import type { AutosaveTimer } from "./editor/use-autosave";

const today = (now: Date) => now.toISOString().slice(0, 10);

export function useEditedItem({
  data,
  editor,
  now,
  timer,
  autosaveDelayMs,
}: {
  data: ContentItemData;
  editor: CollectionEditor<EditorForm>;
  now: () => Date;
  timer?: AutosaveTimer;
  autosaveDelayMs?: number;
}) {
  const { collection } = data;
  const { formOf, draftOf } = editor;
  const navigate = useNavigate();
  const [loaded, setLoaded] = useState<ItemAnswer | null>(data.item);
  const loadedRef = useRef(data.item);
  const [form, setForm] = useState<EditorForm>(() =>
    data.item ? formOf(data.item.draft, data.heroImage) : editor.empty(today(now())),
  );
  const formRef = useRef(form);
  // A new item's address follows its name (itemName) until the person types one of their own.
  const slugFollowsTitle = useRef(!data.item);
  const [editorKey, setEditorKey] = useState(`${data.item?.id ?? "new"}-${data.item?.version ?? 0}`);
  const [revisions, setRevisions] = useState(data.revisions);
  const [conflict, setConflict] = useState<ConflictAnswer | null>(null);

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
      // The address follows the item's name: a testimonial's is its person and position, not the position alone.
      const was = itemName(collection, draftOf(before));
      const is = itemName(collection, draftOf(next));
      if (next.slug !== before.slug && is === was) slugFollowsTitle.current = false;
      if (slugFollowsTitle.current && is !== was) next = { ...next, slug: slugOf(is) };
      formRef.current = next;
      setForm(next);
      autosave.changed(next);
    },
    [autosave, collection, draftOf],
  );

  const refreshHistory = async (id: number) => {
    try {
      setRevisions((await contentApi.revisions(collection, id)).revisions);
    } catch {
      // The history shows what it had; the next load brings the rest.
    }
  };

  return {
    loaded,
    loadedRef,
    form,
    formRef,
    editorKey,
    revisions,
    conflict,
    setConflict,
    hold,
    show,
    update,
    autosave,
    refreshHistory,
  };
}
