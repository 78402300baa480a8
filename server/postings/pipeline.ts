/**
 * The hiring pipeline (issue 26): how many applications each role has at each stage, a role's
 * applicants in the order its view lists them, and every submission from one address. Counted
 * from `submissions.role` (the slug an application was sent for, migration 009); applications
 * without a role are counted per position. Quarantined submissions (spam or held for review)
 * never count: they belong to the Quarantine pages until released (decision 027).
 */
import { sql, type Kysely } from "kysely";
import { formDefinitions, listColumns, nameOf, summaryOf, type FieldColumn } from "../../contracts/forms/index";
import { statusesOf } from "../../contracts/staff-console";
import type { Database, SubmissionKind } from "../db/schema";

export const stages = statusesOf.application;

export type StageCounts = Record<string, number>;

/** Every stage at 0: each line of the table has every column. */
export function noCounts(): StageCounts {
  return Object.fromEntries(stages.map((s) => [s, 0]));
}

/** Released, not quarantined, applications. */
function applications(db: Kysely<Database>) {
  return db.selectFrom("submissions").where("kind", "=", "application").where("spam", "=", 0);
}

/**
 * Counts per stage: per role slug, and per position for applications without a role. A status
 * outside the pipeline's stages (none today) is counted in the total only.
 */
export async function stageCounts(db: Kysely<Database>): Promise<{
  byRole: Map<string, { counts: StageCounts; total: number }>;
  byPosition: Map<string, { counts: StageCounts; total: number }>;
}> {
  const rows = await applications(db)
    .select(["role", "position", "status", (eb) => eb.fn.countAll<number | string>().as("n")])
    // The position matters only where there is no role: one group per role, whatever its positions.
    .groupBy(["role", "position", "status"])
    .execute();
  const byRole = new Map<string, { counts: StageCounts; total: number }>();
  const byPosition = new Map<string, { counts: StageCounts; total: number }>();
  for (const row of rows) {
    const [map, key] = row.role !== null ? [byRole, row.role] : [byPosition, row.position ?? ""];
    const line = map.get(key) ?? { counts: noCounts(), total: 0 };
    const n = Number(row.n);
    if (row.status in line.counts) line.counts[row.status]! += n;
    line.total += n;
    map.set(key, line);
  }
  return { byRole, byPosition };
}

export interface Applicant {
  id: number;
  status: string;
  name: string;
  created_at: string;
  reference: string | null;
}

/**
 * A role's applicants as its view lists them: by stage in the pipeline's order, newest first
 * within a stage. The view and its Previous/Next read this one list.
 */
export async function roleApplicants(db: Kysely<Database>, slug: string): Promise<Applicant[]> {
  const form = formDefinitions.application;
  const rows = await applications(db)
    .where("role", "=", slug)
    .select(["id", "status", "created_at", "reference"])
    .select(listColumns() as FieldColumn[])
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
  const rank = (status: string) => {
    const i = stages.indexOf(status);
    return i === -1 ? stages.length : i;
  };
  // A stable sort: within a stage the query's order (newest first) stays.
  return rows
    .map((row) => ({
      id: row.id,
      status: row.status,
      name: nameOf(form, row),
      created_at: row.created_at,
      reference: row.reference,
    }))
    .sort((a, b) => rank(a.status) - rank(b.status));
}

/**
 * Every submission from this address (compared without case) of these kinds, never a
 * quarantined one, newest first: a candidate's page.
 */
export async function sameAddress(db: Kysely<Database>, email: string, kinds: readonly SubmissionKind[]) {
  if (kinds.length === 0) return [];
  const rows = await db
    .selectFrom("submissions")
    .where(sql<string>`lower(email)`, "=", sql<string>`lower(${email})`)
    .where("spam", "=", 0)
    .where("kind", "in", [...kinds])
    .select(["id", "kind", "reference", "created_at", "status", "role"])
    .select(listColumns() as FieldColumn[])
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    name: nameOf(formDefinitions[row.kind], row),
    reference: row.reference,
    created_at: row.created_at,
    status: row.status,
    role: row.role,
    about: summaryOf(formDefinitions[row.kind], row),
  }));
}
