/**
 * Erasures a restore must apply again (docs/runbook.md, "Erasure and backups"): a backup holds
 * what was erased after it was taken. When `restore --force` replaces a database that still
 * exists, that database's audit log names every submission erased or deleted since the backup:
 * by application number or "kind #id" (referenceOf, erasure.ts) in `erasure` entries, by id in
 * quarantine `delete` entries. Ids and application numbers survive a restore unchanged, so each
 * names the same submission in the restored database.
 */
import type { Kysely } from "kysely";
import { eraseSubmissions, type ErasureOptions, type ErasureReport } from "./erasure";
import type { Storage } from "../db/db";
import type { Database } from "../db/schema";

export interface ErasedSince {
  applicationNumbers: string[];
  ids: number[];
}

const named = /\b(APP-\d{4}-\d+)\b|\b(?:contact|feedback|application) #(\d+)\b/g;

/** What the audit log records as erased or deleted after `since` (an ISO time). */
export async function erasedSince(db: Kysely<Database>, since: string): Promise<ErasedSince> {
  const entries = await db
    .selectFrom("audit_log")
    .select(["action", "submission_id", "subject", "detail"])
    .where("action", "in", ["erasure", "delete"])
    .where("at", ">", since)
    .orderBy("id")
    .execute();
  const applicationNumbers = new Set<string>();
  const ids = new Set<number>();
  for (const e of entries) {
    if (e.action === "delete" && e.submission_id !== null) ids.add(Number(e.submission_id));
    for (const m of `${e.subject ?? ""}\n${e.detail ?? ""}`.matchAll(named)) {
      if (m[1]) applicationNumbers.add(m[1]);
      else ids.add(Number(m[2]));
    }
  }
  return { applicationNumbers: [...applicationNumbers], ids: [...ids] };
}

/** Erases again, in the restored database, what `erased` names; returns what went. */
export async function eraseAgain(
  storage: Storage,
  erased: ErasedSince,
  opts: ErasureOptions,
): Promise<ErasureReport | undefined> {
  const ids = new Set(erased.ids);
  if (erased.applicationNumbers.length > 0) {
    const rows = await storage.db
      .selectFrom("submissions")
      .select("id")
      .where("reference", "in", erased.applicationNumbers)
      .execute();
    for (const r of rows) ids.add(r.id);
  }
  if (ids.size === 0) return undefined;
  return eraseSubmissions(storage, [...ids], opts);
}
