/**
 * An item's history: every publish, restore, unpublish and byline that followed the team, newest
 * first, with who, when and which fields changed from the revision before, and Restore on each,
 * which asks first (Cancel focused, Escape cancels) and then puts that revision's words and images
 * live as a new revision.
 */
import type { RevisionsAnswer } from "@contracts/content/items";
import { useState } from "react";
import { ConfirmBox } from "../../ui/ConfirmBox";
import { zoneTime } from "./content-time";

type Revision = RevisionsAnswer["revisions"][number];

const fieldNames: Record<string, string> = {
  title: "title",
  slug: "address",
  excerpt: "summary",
  date: "date",
  client: "client",
  industry: "industry",
  category: "category",
  challenge: "challenge",
  solution: "solution",
  results: "results",
  quote: "quote",
  services: "services",
  technologies: "technologies",
  team: "team",
  hero: "hero image",
  name: "name",
  position: "position",
  bio: "bio",
  photo: "photo",
  linkedin: "LinkedIn",
  order: "place on the page",
  description: "description",
  image: "image",
  link: "link",
  note: "note",
  seo: "search fields",
  author: "byline",
};

/** "title, results and hero image": the fields that differ from the revision before. */
export function changedFields(revision: Revision, before: Revision | undefined): string {
  if (revision.action === "unpublish") return "taken off the site";
  if (!before) return "first version on the site";
  const keys = new Set([...Object.keys(revision.data), ...Object.keys(before.data)]);
  const changed = [...keys]
    .filter((k) => JSON.stringify(revision.data[k]) !== JSON.stringify(before.data[k]))
    .map((k) => fieldNames[k] ?? k);
  if (changed.length === 0) return "no field changed";
  return changed.length === 1 ? changed[0]! : `${changed.slice(0, -1).join(", ")} and ${changed.at(-1)}`;
}

function actionWords(r: Revision): string {
  if (r.action === "restore") return `Restored revision ${r.restoredFrom ?? "?"}`;
  if (r.action === "byline") return "Byline followed the team page";
  return r.action === "publish" ? "Published" : "Unpublished";
}

export function HistoryPanel(props: {
  revisions: Revision[];
  timeZone: string;
  mayRestore: boolean;
  busy: boolean;
  onRestore: (revision: number) => void;
}) {
  const [confirming, setConfirming] = useState<number | null>(null);
  // Newest first; "before" is the revision numbered just under it.
  const ordered = [...props.revisions].sort((a, b) => b.number - a.number);
  return (
    <section className="content-history" aria-labelledby="history-heading">
      <h2 id="history-heading">History</h2>
      {ordered.length === 0 ? (
        <p>Nothing published yet: the history starts with the first publish.</p>
      ) : (
        <ol reversed>
          {ordered.map((r) => {
            const before = props.revisions.find((b) => b.number === r.number - 1);
            const title = typeof r.data.title === "string" ? r.data.title : r.slug;
            return (
              <li key={r.number}>
                <p>
                  <strong>
                    Revision {r.number}: {actionWords(r)}
                  </strong>{" "}
                  by {r.by ? (r.by.name ?? "a removed colleague") : "the scheduler"}, {zoneTime(r.at, props.timeZone)}
                </p>
                <p className="hint">
                  {title} · {changedFields(r, before)}
                </p>
                {props.mayRestore && r.action !== "unpublish" && (
                  <button
                    type="button"
                    disabled={props.busy}
                    aria-expanded={confirming === r.number}
                    onClick={() => setConfirming(r.number)}
                  >
                    Restore revision {r.number}
                  </button>
                )}
                {confirming === r.number && (
                  <ConfirmBox
                    id={`restore-${r.number}`}
                    question={`Put revision ${r.number} back on the site? Its words and images go live and into the draft, as a new revision; the history keeps everything.`}
                    action={`Restore revision ${r.number}`}
                    onConfirm={() => {
                      setConfirming(null);
                      props.onRestore(r.number);
                    }}
                    onCancel={() => setConfirming(null)}
                  />
                )}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
