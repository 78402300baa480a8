/**
 * What an erased or expired enquiry leaves behind (docs/decisions/057-marketing-dashboard.md): its
 * part of the lead funnel as an anonymous count, added to `erased_lead_counts` in the transaction
 * that deletes it. Per day of arrival, page sent from, referrer host and campaign: whether it was
 * answered, its outcome and a won deal's value. No id, name, address, message or staff member,
 * so nothing leads back to the person; the privacy policy says so. Spam never counted.
 */
import type { Transaction } from "kysely";
import { answeredStatuses } from "../../contracts/outcomes";
import type { Database } from "../db/schema";

export async function keepAnonymousCounts(trx: Transaction<Database>, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  const rows = await trx
    .selectFrom("submissions")
    .select([
      "created_at",
      "source_path",
      "source_referrer",
      "source_campaign",
      "status",
      "outcome",
      "outcome_value",
      "outcome_currency",
    ])
    .where("id", "in", [...ids])
    .where("kind", "=", "contact")
    .where("spam", "=", 0)
    .execute();
  for (const r of rows) {
    const answered = r.outcome !== null || (answeredStatuses as readonly string[]).includes(r.status) ? 1 : 0;
    const won = r.outcome === "won" && r.outcome_value !== null;
    await trx
      .insertInto("erased_lead_counts")
      .values({
        day: r.created_at.slice(0, 10),
        source_path: r.source_path ?? "",
        source_referrer: r.source_referrer ?? "",
        source_campaign: r.source_campaign ?? "",
        answered,
        outcome: r.outcome ?? "",
        currency: won ? (r.outcome_currency ?? "") : "",
        enquiries: 1,
        value: won ? Number(r.outcome_value) : 0,
      })
      .onConflict((oc) =>
        oc
          .columns(["day", "source_path", "source_referrer", "source_campaign", "answered", "outcome", "currency"])
          .doUpdateSet((eb) => ({
            enquiries: eb("erased_lead_counts.enquiries", "+", eb.ref("excluded.enquiries")),
            value: eb("erased_lead_counts.value", "+", eb.ref("excluded.value")),
          })),
      )
      .execute();
  }
}
