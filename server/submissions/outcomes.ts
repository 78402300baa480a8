/**
 * An enquiry's outcome (contracts/outcomes.ts, docs/decisions/057-marketing-dashboard.md): the
 * current one on the submission's row, each change in `enquiry_outcomes` with who made it. Both
 * go with the submission when it is erased or expires (the row, and its history by foreign key).
 */
import {
  fromHundredths,
  toHundredths,
  type Outcome,
  type OutcomeAnswer,
  type OutcomeInput,
} from "../../contracts/outcomes";
import type { Storage } from "../db/db";

export async function outcomeOf(storage: Storage, submissionId: number): Promise<OutcomeAnswer> {
  const { db } = storage;
  const row = await db
    .selectFrom("submissions")
    .select(["outcome", "outcome_value", "outcome_currency"])
    .where("id", "=", submissionId)
    .executeTakeFirst();
  const history = await db
    .selectFrom("enquiry_outcomes")
    .select(["outcome", "value", "currency", "staff_name", "created_at"])
    .where("submission_id", "=", submissionId)
    .orderBy("id")
    .execute();
  return {
    outcome: (row?.outcome ?? null) as Outcome | null,
    value: fromHundredths(row?.outcome_value ?? null),
    currency: row?.outcome_currency ?? null,
    history: history.map((h) => ({ ...h, outcome: h.outcome as Outcome, value: fromHundredths(h.value) })),
  };
}

/**
 * Sets the outcome and records the change, in one transaction; false when the submission went
 * meanwhile (erased or expired), so nothing is written for a row that is gone.
 */
export async function setOutcome(
  storage: Storage,
  submissionId: number,
  input: OutcomeInput,
  by: { id: number; name: string },
  now: Date,
): Promise<boolean> {
  const value = input.value === undefined ? null : toHundredths(input.value);
  const currency = input.currency ?? null;
  return storage.transaction(async (trx) => {
    const saved = await trx
      .updateTable("submissions")
      .set({ outcome: input.outcome, outcome_value: value, outcome_currency: currency })
      .where("id", "=", submissionId)
      .returning("id")
      .executeTakeFirst();
    if (!saved) return false;
    await trx
      .insertInto("enquiry_outcomes")
      .values({
        submission_id: submissionId,
        outcome: input.outcome,
        value,
        currency,
        staff_id: by.id,
        staff_name: by.name,
        created_at: now.toISOString(),
      })
      .execute();
    return true;
  });
}
