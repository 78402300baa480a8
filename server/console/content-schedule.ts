/**
 * The scheduled publish (issue 41: "a scheduled publish goes live within 60 s of its time, on
 * every instance"): every instance ticks every 15 s, reads the due items and publishes each in a
 * transaction of its own with its audit entry. The claim is the store's compare-and-set on the
 * item's version and status (server/content/store.ts `publishScheduled`), so of instances ticking
 * at once exactly one publishes an item; the others find it taken and pass. (Two processes on one
 * SQLite file: the loser's transaction may instead fail with SQLITE_BUSY when the winner committed
 * after its first read; it is logged, and its next tick finds the item published.)
 * It lives beside the console's routes because the audit log is the console's.
 */
import type { FastifyBaseLogger } from "fastify";
import { contentCollections, type CollectionName } from "../../contracts/content/items";
import { permissionsOf, staffRoles, type StaffRoleTable } from "../../contracts/staff/permissions";
import type { Storage } from "../db/db";
import type { AddRedirect } from "../content/redirect-seam";
import type { ImageUses } from "../content/image-seam";
import { syncImageUses } from "../content/image-uses";
import { dueItems, publishScheduled, type ContentWrite } from "../content/store";
import { appendAudit } from "./audit";

export const scheduleEveryMs = 15_000;

export interface ScheduleRun {
  published: number[];
  /** Due items whose draft no longer passes its schema: left scheduled, and logged. */
  refused: number[];
  /**
   * Due items whose scheduler has been revoked since, or whose role no longer holds
   * content:publish: a schedule is that person's publish, so it waits, left scheduled and
   * logged, for someone who may publish to publish it, schedule it again or unpublish it.
   */
  withheld: number[];
}

export async function publishDueContent(
  storage: Storage,
  now: Date,
  addRedirect: AddRedirect,
  imageUses: ImageUses,
  roles: StaffRoleTable = staffRoles,
): Promise<ScheduleRun> {
  const run: ScheduleRun = { published: [], refused: [], withheld: [] };
  for (const due of await dueItems(storage.db, now)) {
    let outcome: ContentWrite | undefined;
    let withheld = false;
    await storage.transaction(async (trx) => {
      const scheduler = await trx
        .selectFrom("staff")
        .select(["id", "name", "role", "revoked_at"])
        .where("id", "=", due.scheduled_by ?? -1)
        .executeTakeFirst();
      if (
        scheduler &&
        (scheduler.revoked_at !== null || !permissionsOf(scheduler.role, roles).includes("content:publish"))
      ) {
        withheld = true;
        return;
      }
      outcome = await publishScheduled(trx, due, now, addRedirect);
      if (!outcome.ok) return;
      await syncImageUses(trx, outcome.before, outcome.item, imageUses);
      const collection = due.collection as CollectionName;
      const { label, path } = contentCollections[collection];
      const title = (JSON.parse(outcome.item.draft_data) as { title?: unknown }).title;
      const names = scheduler && { id: scheduler.id, name: scheduler.name };
      await appendAudit(
        trx,
        {
          // The person who scheduled it, when they are still on the staff table; else the scheduler.
          ...(names ? { staff: names } : { operator: "scheduler" }),
          action: "content published on schedule",
          subject: `${label}: ${typeof title === "string" && title ? title : outcome.item.slug}`,
          detail: [
            `${path(outcome.item.slug)}, version ${outcome.item.version}`,
            `revision ${outcome.revision}`,
            `scheduled for ${due.publish_at}`,
            ...(outcome.redirected ? [`${outcome.redirected.from} now redirects here`] : []),
          ].join("; "),
        },
        now,
      );
    });
    if (withheld) run.withheld.push(due.id);
    else if (outcome?.ok) run.published.push(due.id);
    else if (outcome?.reason === "invalid") run.refused.push(due.id);
  }
  return run;
}

/** Ticks on this instance until the server closes. */
export function startContentSchedule(
  storage: Storage,
  now: () => Date,
  addRedirect: AddRedirect,
  imageUses: ImageUses,
  log: FastifyBaseLogger,
): () => void {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      const run = await publishDueContent(storage, now(), addRedirect, imageUses);
      if (run.published.length > 0) log.info({ items: run.published }, "scheduled content published");
      if (run.refused.length > 0)
        log.warn({ items: run.refused }, "scheduled content not published: its draft no longer passes its schema");
      if (run.withheld.length > 0)
        log.warn(
          { items: run.withheld },
          "scheduled content not published: whoever scheduled it may no longer publish",
        );
    } catch (error) {
      log.error({ err: error }, "scheduled content publish failed");
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), scheduleEveryMs);
  timer.unref();
  void tick();
  return () => clearInterval(timer);
}
