/**
 * The content editor's moves on the saved item: Publish now, Schedule, Unpublish, Restore, Preview
 * and loading someone else's version. Each first saves what waits, then says what happened (or
 * why it was refused, with the publish issues under their fields). Apart from ContentEditPage.tsx
 * so the page reads as its parts; the item and form it moves are in use-edited-item.ts.
 */
import { contentCollections, type CollectionName, type ItemAnswer } from "@contracts/content/items";
import { useState, type RefObject } from "react";
import { errorText } from "../../api";
import { ConflictError, contentApi, IssuesError, type Issue } from "./content-api";
import { fieldId } from "./ContentField";
import { imageOf } from "./content-loaders";
import { zoneTime } from "./content-time";
import type { EditorForm } from "./collection-forms";
import { heroImageId } from "./form-values";
import type { useEditedItem } from "./use-edited-item";

export type Outcome = { text: string; failed: boolean; link?: { href: string; text: string } };

/** The item's address on the site, absolute: the published link and the snippet preview. */
export const siteAddressOf = (collection: CollectionName, slug: string) =>
  `${window.location.origin}${contentCollections[collection].path(slug)}`;

export function useItemMoves({
  collection,
  timeZone,
  item,
  formText,
  heading,
}: {
  collection: CollectionName;
  timeZone: string;
  item: ReturnType<typeof useEditedItem>;
  formText: (form: EditorForm) => string;
  heading: RefObject<HTMLHeadingElement | null>;
}) {
  const { loadedRef, formRef, revisions, setConflict, hold, show, autosave, refreshHistory } = item;
  const [issues, setIssues] = useState<Issue[]>([]);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [kept, setKept] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

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

  const siteAddress = (slug: string) => siteAddressOf(collection, slug);

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

  return { issues, outcome, kept, setKept, busy, publish, schedule, unpublish, restore, preview, loadTheirs };
}
