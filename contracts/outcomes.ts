/**
 * What became of an enquiry (issue 42, docs/decisions/057-marketing-dashboard.md): sales or an
 * administrator marks it qualified, won or lost; a won deal may carry its value and currency.
 * The lead funnel counts an enquiry as answered once its status says so or it has an outcome,
 * as qualified while its outcome is qualified or won, and as won when it is won.
 */
import { z } from "zod";

export const outcomes = ["qualified", "won", "lost"] as const;
export type Outcome = (typeof outcomes)[number];

/** The enquiry statuses that mean sales has answered (contracts/staff-console.ts lists them). */
export const answeredStatuses = ["answered", "closed"] as const;

/** An ISO 4217 code the runtime knows (Intl), such as EUR or USD. */
const currency = z
  .string()
  .regex(/^[A-Z]{3}$/)
  .refine((c) => Intl.supportedValuesOf("currency").includes(c), "Choose a currency code such as EUR.");

/** At most two decimals, up to a billion: a deal's value, never a person's detail. */
const value = z
  .number()
  .min(0)
  .max(1_000_000_000)
  .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, "Give the value with at most two decimals.");

export const outcomeInput = z
  .object({ outcome: z.enum(outcomes), value: value.optional(), currency: currency.optional() })
  .refine((o) => o.outcome === "won" || (o.value === undefined && o.currency === undefined), {
    message: "Only a won enquiry has a value.",
  })
  .refine((o) => (o.value === undefined) === (o.currency === undefined), {
    message: "Give the value and its currency together.",
  });
export type OutcomeInput = z.infer<typeof outcomeInput>;

export const outcomeEntry = z.object({
  outcome: z.enum(outcomes),
  value: z.number().nullable(),
  currency: z.string().nullable(),
  staff_name: z.string(),
  created_at: z.string(),
});
export type OutcomeEntry = z.infer<typeof outcomeEntry>;

/** An enquiry's outcome now, and every change with who made it, oldest first. */
export const outcomeAnswer = z.object({
  outcome: z.enum(outcomes).nullable(),
  value: z.number().nullable(),
  currency: z.string().nullable(),
  history: z.array(outcomeEntry),
});
export type OutcomeAnswer = z.infer<typeof outcomeAnswer>;

/** Values are stored in hundredths, whole numbers on both databases. */
export const toHundredths = (v: number) => Math.round(v * 100);
export const fromHundredths = (h: number | string | bigint | null) => (h === null ? null : Number(h) / 100);

/** "won, 12,000.00 EUR": how the audit log and the history name a change. */
export function outcomeWords(o: { outcome: Outcome; value: number | null; currency: string | null }): string {
  if (o.value === null || o.currency === null) return o.outcome;
  return `${o.outcome}, ${o.value.toLocaleString("en", { minimumFractionDigits: 2, maximumFractionDigits: 2 })} ${o.currency}`;
}
