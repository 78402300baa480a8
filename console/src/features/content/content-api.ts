/**
 * The console's calls to the content API (server/console/content-routes.ts, decision 065), one
 * function per route, answers parsed with contracts/content/items.ts. A 409 that names who changed
 * the item becomes a `ConflictError`; a 400 with the publish issues an `IssuesError`.
 */
import {
  conflictAnswer,
  contentCollections,
  itemAnswer,
  itemListAnswer,
  previewLinkAnswer,
  revisionsAnswer,
  type CollectionName,
  type ConflictAnswer,
} from "@contracts/content/items";
import { api, ApiError } from "../../api";

export type Issue = { path: string; message: string };

/** Someone else changed the item after this page loaded it: who, when, and the server's sentence. */
export class ConflictError extends Error {
  constructor(readonly answer: ConflictAnswer) {
    super(answer.message);
  }
}

/** The item cannot go live as it is: the fields that need a change. */
export class IssuesError extends Error {
  constructor(
    message: string,
    readonly issues: Issue[],
  ) {
    super(message);
  }
}

/** A refusal as this page reads it: a conflict, the publish issues, or the ApiError as it came. */
function refusal(error: unknown): unknown {
  if (!(error instanceof ApiError)) return error;
  if (error.status === 409) {
    const conflict = conflictAnswer.safeParse(error.body);
    if (conflict.success) return new ConflictError(conflict.data);
  }
  if (error.status === 400 && Array.isArray(error.body.issues))
    return new IssuesError(error.message, error.body.issues as Issue[]);
  return error;
}

async function call<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw refusal(error);
  }
}

const base = (collection: CollectionName) => `content/${collection}`;

export const contentApi = {
  list: (c: CollectionName) => api(base(c), itemListAnswer),
  item: (c: CollectionName, id: number) => api(`${base(c)}/${id}`, itemAnswer),
  create: (c: CollectionName, data: Record<string, unknown>) => call(() => api(base(c), itemAnswer, { data })),
  save: (c: CollectionName, id: number, version: number, data: Record<string, unknown>) =>
    call(() => api(`${base(c)}/${id}`, itemAnswer, { version, data })),
  publish: (c: CollectionName, id: number, version: number) =>
    call(() => api(`${base(c)}/${id}/publish`, itemAnswer, { version })),
  schedule: (c: CollectionName, id: number, version: number, publishAt: string) =>
    call(() => api(`${base(c)}/${id}/schedule`, itemAnswer, { version, publishAt })),
  unpublish: (c: CollectionName, id: number, version: number) =>
    call(() => api(`${base(c)}/${id}/unpublish`, itemAnswer, { version })),
  revisions: (c: CollectionName, id: number) => api(`${base(c)}/${id}/revisions`, revisionsAnswer),
  restore: (c: CollectionName, id: number, version: number, revision: number) =>
    call(() => api(`${base(c)}/${id}/restore`, itemAnswer, { version, revision })),
  previewLink: (c: CollectionName, id: number) => api(`${base(c)}/${id}/preview-link`, previewLinkAnswer, {}),
};

/** "Case studies" from the collection's label ("case study"): the list's heading and the menu's words. */
export function pluralLabel(collection: CollectionName): string {
  const label: string = contentCollections[collection].label;
  const plural = /[^aeiou]y$/.test(label) ? `${label.slice(0, -1)}ies` : `${label}s`;
  return plural.charAt(0).toUpperCase() + plural.slice(1);
}

/** "New case study". */
export function newLabel(collection: CollectionName): string {
  return `New ${contentCollections[collection].label}`;
}
