/**
 * A submission's status change with its audit entry: the one path of the status route, the hiring
 * board's moves (which call that route) and the board's bulk move (bulk-routes.ts), so every move
 * is saved and logged the same way, one entry per submission.
 */
import type { StatusAnswer } from "../../contracts/console-answers";
import type { SubmissionKind } from "../db/schema";
import { saveStatus } from "../submissions/submission-handling";
import { appendAudit } from "./audit";
import type { RouteContext } from "./route-context";
import type { SignedIn } from "./sessions";
import { isDecision } from "./statuses";
import { deletionOf, subjectOf } from "./views/submission-view";

/** Saves the status (already checked against the kind's list) and audits it; undefined if purged meanwhile. */
export async function changeStatus(
  ctx: Pick<RouteContext, "storage" | "now" | "config">,
  staff: SignedIn,
  found: { id: number; kind: SubmissionKind; reference: string | null },
  status: string,
): Promise<StatusAnswer | undefined> {
  const { db } = ctx.storage;
  const decision = found.kind === "application" && isDecision(status);
  // Purged meanwhile: nothing is brought back (submission-handling.ts).
  const saved = await saveStatus(db, found.id, status, decision, ctx.now().toISOString());
  if (!saved) return undefined;
  const deletion = saved.kind === "application" && !saved.spam ? deletionOf(saved, ctx.config.retention) : null;
  await appendAudit(
    db,
    {
      staff,
      action: "status",
      submissionId: found.id,
      subject: subjectOf(found),
      // The date the change leads to is part of what was done: the log shows it.
      detail: deletion ? `${status}; deletion date ${deletion.at.slice(0, 10)}` : status,
    },
    ctx.now(),
  );
  return { status, deletion };
}
