import { assignableKinds, assignmentAnswer, submissionDetailAnswer } from "@contracts/console-answers";
import { neighboursAnswer } from "@contracts/pipeline-answers";
import { can } from "@contracts/staff/permissions";
import { api, type Staff } from "../../api";
import type { HiddenState } from "../../hidden-state";
import { filtersInAddress } from "../inbox/inbox-filters";

/**
 * The view a submission was opened from, as the server's neighbours query takes it: the inbox's
 * filters from the address and its search words and domain from the history entry, or
 * `hiring=<role id>`. Opened from anywhere else (a notification's link), the whole inbox.
 */
export function viewOf(search: URLSearchParams, hidden: HiddenState): Record<string, unknown> {
  const hiring = Number(search.get("hiring"));
  if (hiring > 0) return { hiring };
  const view: Record<string, unknown> = {};
  for (const key of filtersInAddress) {
    const value = search.get(key);
    if (value) view[key] = value;
  }
  if (hidden.q) view.q = hidden.q;
  if (hidden.domain) view.domain = hidden.domain;
  return view;
}

/**
 * A submission's route loader: the submission (asked once: each ask is a view in the audit log, so
 * the page updates itself in place after a change rather than loading again), its neighbours in the
 * view it was opened from, and its owner where it has one. Without neighbours or an owner the page
 * is still whole: their failures leave those parts out.
 */
export async function submissionLoader(
  id: number,
  search: URLSearchParams,
  entry: { hidden: HiddenState; staff: Staff },
) {
  const [detail, near] = await Promise.all([
    api(`submissions/${id}`, submissionDetailAnswer),
    api(`submissions/${id}/neighbours`, neighboursAnswer, viewOf(search, entry.hidden)).catch(() => null),
  ]);
  const owned =
    (assignableKinds as readonly string[]).includes(detail.submission.kind) && can(entry.staff, "submissions:assign");
  const assignment = owned ? await api(`submissions/${id}/assignment`, assignmentAnswer).catch(() => null) : null;
  return { detail, near, assignment };
}
