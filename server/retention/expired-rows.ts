/**
 * The rows whose period has run out, as a condition on the column their period counts from: the
 * query form of `periodEnd(start) <= now` (retention-policy.ts `expiredStarts`), so the purge and
 * the due list select exactly the rows whose deletion moment the console shows as come. Dates are
 * stored as ISO-8601 text in UTC on both databases, so they compare as strings.
 */
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from "kysely";
import { expiredStarts, type PeriodName, type RetentionSettings } from "./retention-policy";
import type { Database } from "../db/schema";

type DateColumn<T extends keyof Database> = {
  [C in keyof Database[T]]: Database[T][C] extends string ? C : never;
}[keyof Database[T]] &
  string;

export function hasRunOut<T extends keyof Database>(
  eb: ExpressionBuilder<Database, T>,
  column: DateColumn<T>,
  name: PeriodName,
  now: Date,
  settings: RetentionSettings,
): Expression<SqlBool> {
  const { through, also } = expiredStarts(name, now, settings);
  const ref = sql.ref<string>(column);
  return eb.or([
    eb(ref, "<=", through),
    ...also.map((span) => eb.and([eb(ref, ">=", span.from), eb(ref, "<=", span.through)])),
  ]);
}
