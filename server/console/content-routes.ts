/**
 * Marketing's content API (issue 41, docs/decisions/065) under /admin/api/content/<collection>:
 * list, read, create, save (the editor's autosave), publish, schedule, unpublish, revisions,
 * restore and preview links. Writing drafts and previewing need content:edit; whatever changes
 * the live site needs content:publish. Every change names the version the person opened and is
 * refused with 409, naming who changed the item and when, if it moved on since. Each change and
 * its audit entry are written in one transaction (subject: the item's title; content holds no
 * personal data).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import {
  contentCollections,
  createRequest,
  draftSchema,
  isCollection,
  itemName,
  restoreRequest,
  saveRequest,
  scheduleRequest,
  versionRequest,
  type CollectionName,
  type ConflictAnswer,
  type DraftData,
  type ItemListAnswer,
} from "../../contracts/content/items";
import { isUniqueViolation } from "../postings/job-roles";
import { previewKey, previewPath, signPreview } from "../content/preview";
import { addRedirect as wiredAddRedirect, type AddRedirect } from "../content/redirect-seam";
import { imageUses as wiredImageUses } from "../content/image-seam";
import { syncImageUses } from "../content/image-uses";
import { bylineInUse } from "../content/bylines";
import {
  answerOf,
  createItem,
  itemAnswerOf,
  itemById,
  listItems,
  publishItem,
  restoreRevision,
  revisionsOf,
  saveDraft,
  scheduleItem,
  staffNames,
  unpublishItem,
  type ContentWrite,
  type ItemRow,
} from "../content/store";
import type { TransactionWork } from "../db/group-commit";
import { needs } from "./access";
import { appendAudit, type AuditAction } from "./audit";
import { fail, notFound, staffOf } from "./http";
import type { RouteContext } from "./route-context";

const editing = needs("content:edit");
const publishing = needs("content:publish");

const itemParams = z.object({
  collection: z.string(),
  id: z.coerce.number().int().min(1).max(2_147_483_647),
});

/** "10:42 UTC on 28 November 2026": how a conflict names the moment of the other change. */
export function momentWords(iso: string): string {
  const at = new Date(iso);
  const time = at.toISOString().slice(11, 16);
  const day = at.toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
  return `${time} UTC on ${day}`;
}

/** The 409 of a stale change: who changed the item and when; the person's own words are still in their window. */
export async function conflictOf(db: RouteContext["storage"]["db"], current: ItemRow): Promise<ConflictAnswer> {
  const names = await staffNames(db, [current.updated_by]);
  const by =
    current.updated_by === null ? null : { id: current.updated_by, name: names.get(current.updated_by) ?? null };
  const who = by ? (by.name ?? "A removed colleague") : "Someone";
  return {
    status: false,
    message: `${who} changed this item at ${momentWords(current.updated_at)}, after you opened it. Your change was not saved: copy what you wrote, reload to see their version, and add yours to it.`,
    conflict: { by, at: current.updated_at, version: current.version },
  };
}

export async function contentRoutes(app: FastifyInstance, ctx: RouteContext) {
  const { storage, now, config } = ctx;
  const redirectTo: AddRedirect = ctx.addRedirect ?? wiredAddRedirect;
  const imageUses = ctx.imageUses ?? wiredImageUses;

  /** The collection named in the address, or a 404 already sent. */
  function collectionOf(req: FastifyRequest, reply: FastifyReply): CollectionName | undefined {
    const { collection } = req.params as { collection?: unknown };
    if (isCollection(collection)) return collection;
    void notFound(reply);
    return undefined;
  }
  function paramsOf(req: FastifyRequest, reply: FastifyReply) {
    const params = itemParams.safeParse(req.params);
    if (!params.success || !isCollection(params.data.collection)) {
      void notFound(reply);
      return undefined;
    }
    return { collection: params.data.collection, id: params.data.id };
  }
  function draftOf(
    collection: CollectionName,
    data: unknown,
  ): { ok: true; draft: DraftData } | { ok: false; message: string } {
    const parsed = draftSchema(collection).safeParse(data);
    if (parsed.success) return { ok: true, draft: parsed.data as DraftData };
    const issue = parsed.error.issues[0];
    const field = issue?.path.map(String).join(".") || "data";
    return { ok: false, message: `The draft cannot be kept as it is: ${field}: ${issue?.message ?? "not valid"}.` };
  }

  /** The answer to a refused or done change. */
  async function answer(reply: FastifyReply, collection: CollectionName, outcome: ContentWrite, created = false) {
    const label = contentCollections[collection].label;
    if (outcome.ok)
      return reply.code(created ? 201 : 200).send({ status: true, data: await answerOf(storage.db, outcome.item) });
    switch (outcome.reason) {
      case "missing":
        return notFound(reply);
      case "stale":
        return reply.code(409).send(await conflictOf(storage.db, outcome.current));
      case "slug taken": {
        const message = `The address ${contentCollections[collection].path(outcome.slug)} belongs to another ${label}. Choose another.`;
        return reply.code(409).send({ status: false, message, errors: { slug: message } });
      }
      case "invalid":
        return reply.code(400).send({
          status: false,
          message: `This ${label} cannot go live yet: ${outcome.issues.length === 1 ? "one field needs" : `${outcome.issues.length} fields need`} a change.`,
          issues: outcome.issues,
        });
      case "not live":
        return fail(
          reply,
          409,
          `This ${label} is not on the site and not scheduled, so there is nothing to unpublish.`,
        );
      case "no revision":
        return notFound(reply);
      case "past":
        return reply.code(400).send({
          status: false,
          message: "Choose a time that has not passed yet, or publish now.",
          errors: { publishAt: "Choose a time that has not passed yet." },
        });
      case "byline in use":
        return fail(reply, 409, bylineInUse(outcome.name, outcome.insights));
    }
  }

  /**
   * Runs a change and its audit entry in one transaction. Two creates or publishes of one
   * address at the same moment: the database's unique index refuses the second, answered as
   * the address being taken.
   */
  async function change(
    req: FastifyRequest,
    reply: FastifyReply,
    collection: CollectionName,
    work: TransactionWork<ContentWrite>,
    entry: (outcome: Extract<ContentWrite, { ok: true }>) => { action: AuditAction; detail: string },
    opts: { at: Date; slug?: string; created?: boolean },
  ) {
    const staff = staffOf(req);
    const label = contentCollections[collection].label;
    let outcome: ContentWrite;
    try {
      outcome = await storage.transaction(async (trx) => {
        const done = await work(trx);
        if (done.ok) {
          const images = await syncImageUses(trx, done.before, done.item, imageUses);
          const title = JSON.parse(done.item.draft_data) as { title?: unknown };
          const subject = `${label}: ${typeof title.title === "string" && title.title ? title.title : done.item.slug}`;
          await appendAudit(trx, { staff, subject, ...entry(done) }, opts.at);
          for (const id of images.deleted)
            await appendAudit(
              trx,
              { staff, action: "image deleted", subject: `image ${id}`, detail: `its last use left ${subject}` },
              opts.at,
            );
        }
        return done;
      });
    } catch (error) {
      // The redirects part refuses a redirect that would make a loop (its RedirectRefused): the
      // publish is rolled back with it, and the person is told why.
      if (error instanceof Error && error.name === "RedirectRefused")
        return fail(reply, 409, `This address change cannot go live: ${error.message}`);
      if (!isUniqueViolation(error) || !opts.slug) throw error;
      outcome = { ok: false, reason: "slug taken", slug: opts.slug };
    }
    return answer(reply, collection, outcome, opts.created);
  }

  const where = (
    collection: CollectionName,
    done: { item: ItemRow; revision?: number; redirected?: { from: string } },
  ) =>
    [
      `${contentCollections[collection].path(done.item.slug)}, version ${done.item.version}`,
      ...(done.revision ? [`revision ${done.revision}`] : []),
      ...(done.redirected ? [`${done.redirected.from} now redirects here`] : []),
    ].join("; ");

  app.get("/admin/api/content/:collection", editing, async (req, reply) => {
    const collection = collectionOf(req, reply);
    if (!collection) return reply;
    const rows = await listItems(storage.db, collection);
    const names = await staffNames(
      storage.db,
      rows.flatMap((r) => [r.created_by, r.updated_by, r.published_by]),
    );
    const items = rows.map((row) => {
      const item = itemAnswerOf(row, names);
      const title = itemName(collection, item.draft) || item.slug;
      return {
        id: item.id,
        title,
        slug: item.slug,
        liveSlug: item.liveSlug,
        status: item.status,
        version: item.version,
        changed: item.changed,
        publishAt: item.publishAt,
        updatedBy: item.updatedBy,
        updatedAt: item.updatedAt,
        publishedAt: item.publishedAt,
      };
    });
    return { status: true, data: { items, timeZone: config.companyTimeZone } satisfies ItemListAnswer };
  });

  app.get("/admin/api/content/:collection/:id", editing, async (req, reply) => {
    const params = paramsOf(req, reply);
    if (!params) return reply;
    const row = await itemById(storage.db, params.collection, params.id);
    if (!row) return notFound(reply);
    return { status: true, data: await answerOf(storage.db, row) };
  });

  app.post("/admin/api/content/:collection", editing, async (req, reply) => {
    const collection = collectionOf(req, reply);
    if (!collection) return reply;
    const body = createRequest.safeParse(req.body);
    const draft = body.success ? draftOf(collection, body.data.data) : undefined;
    if (!draft?.ok)
      return fail(reply, 400, draft?.message ?? "Send the new item as { data } with at least its address (slug).");
    const at = now();
    return change(
      req,
      reply,
      collection,
      (trx) => createItem(trx, collection, draft.draft, staffOf(req), at),
      (done) => ({ action: "content created", detail: `draft at ${where(collection, done)}` }),
      { at, slug: draft.draft.slug, created: true },
    );
  });

  app.post("/admin/api/content/:collection/:id", editing, async (req, reply) => {
    const params = paramsOf(req, reply);
    if (!params) return reply;
    const body = saveRequest.safeParse(req.body);
    if (!body.success) return fail(reply, 400, "Reload the item: this save does not say which version it changes.");
    const draft = draftOf(params.collection, body.data.data);
    if (!draft.ok) return fail(reply, 400, draft.message);
    const at = now();
    return change(
      req,
      reply,
      params.collection,
      (trx) => saveDraft(trx, params.collection, params.id, body.data.version, draft.draft, staffOf(req), at),
      (done) => ({ action: "content saved", detail: where(params.collection, done) }),
      { at, slug: draft.draft.slug },
    );
  });

  app.post("/admin/api/content/:collection/:id/publish", publishing, async (req, reply) => {
    const params = paramsOf(req, reply);
    if (!params) return reply;
    const body = versionRequest.safeParse(req.body);
    if (!body.success) return fail(reply, 400, "Reload the item: this request does not say which version to publish.");
    const at = now();
    const row = await itemById(storage.db, params.collection, params.id);
    return change(
      req,
      reply,
      params.collection,
      (trx) => publishItem(trx, params.collection, params.id, body.data.version, staffOf(req), at, redirectTo),
      (done) => ({ action: "content published", detail: where(params.collection, done) }),
      { at, slug: row?.slug },
    );
  });

  app.post("/admin/api/content/:collection/:id/schedule", publishing, async (req, reply) => {
    const params = paramsOf(req, reply);
    if (!params) return reply;
    const body = scheduleRequest.safeParse(req.body);
    if (!body.success)
      return reply.code(400).send({
        status: false,
        message: "Give the date and time to publish at, and the version you opened.",
        errors: { publishAt: "Give a date and time." },
      });
    const at = now();
    const publishAt = new Date(body.data.publishAt);
    return change(
      req,
      reply,
      params.collection,
      (trx) => scheduleItem(trx, params.collection, params.id, body.data.version, publishAt, staffOf(req), at),
      (done) => ({
        action: "content scheduled",
        detail: `${where(params.collection, done)}; goes live at ${publishAt.toISOString()}`,
      }),
      { at },
    );
  });

  app.post("/admin/api/content/:collection/:id/unpublish", publishing, async (req, reply) => {
    const params = paramsOf(req, reply);
    if (!params) return reply;
    const body = versionRequest.safeParse(req.body);
    if (!body.success)
      return fail(reply, 400, "Reload the item: this request does not say which version to unpublish.");
    const at = now();
    return change(
      req,
      reply,
      params.collection,
      (trx) => unpublishItem(trx, params.collection, params.id, body.data.version, staffOf(req), at),
      (done) => ({ action: "content unpublished", detail: where(params.collection, done) }),
      { at },
    );
  });

  app.get("/admin/api/content/:collection/:id/revisions", editing, async (req, reply) => {
    const params = paramsOf(req, reply);
    if (!params) return reply;
    const row = await itemById(storage.db, params.collection, params.id);
    if (!row) return notFound(reply);
    return { status: true, data: { revisions: await revisionsOf(storage.db, row.id) } };
  });

  app.post("/admin/api/content/:collection/:id/restore", publishing, async (req, reply) => {
    const params = paramsOf(req, reply);
    if (!params) return reply;
    const body = restoreRequest.safeParse(req.body);
    if (!body.success)
      return fail(
        reply,
        400,
        "Reload the history: this request does not say which revision to restore, or from which version.",
      );
    const at = now();
    return change(
      req,
      reply,
      params.collection,
      (trx) =>
        restoreRevision(
          trx,
          params.collection,
          params.id,
          body.data.version,
          body.data.revision,
          staffOf(req),
          at,
          redirectTo,
        ),
      (done) => ({
        action: "content restored",
        detail: `${where(params.collection, done)}; brought back revision ${body.data.revision}`,
      }),
      { at },
    );
  });

  app.post("/admin/api/content/:collection/:id/preview-link", editing, async (req, reply) => {
    const params = paramsOf(req, reply);
    if (!params) return reply;
    const row = await itemById(storage.db, params.collection, params.id);
    if (!row) return notFound(reply);
    const at = now();
    const expiresAt = new Date(at.getTime() + config.content.previewTtlMs);
    const token = signPreview(await previewKey(config, storage), {
      collection: params.collection,
      id: row.id,
      expiresAt,
      // The link lasts only as long as its maker may edit content (decision 077).
      makerId: staffOf(req).id,
    });
    const label = contentCollections[params.collection].label;
    const title = (JSON.parse(row.draft_data) as { title?: unknown }).title;
    await storage.transaction((trx) =>
      appendAudit(
        trx,
        {
          staff: staffOf(req),
          action: "content preview link",
          subject: `${label}: ${typeof title === "string" && title ? title : row.slug}`,
          detail: `${contentCollections[params.collection].path(row.slug)}, version ${row.version}; works until ${expiresAt.toISOString()}`,
        },
        at,
      ),
    );
    return {
      status: true,
      data: { url: new URL(previewPath(token), config.siteUrl).href, expiresAt: expiresAt.toISOString() },
    };
  });
}
