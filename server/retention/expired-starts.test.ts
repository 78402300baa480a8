/**
 * `expiredStarts` (retention-policy.ts) is the query form of `periodEnd(start) <= now`: checked
 * against it for every day of two years (a leap year among them), at the times where clamping
 * and the time of day meet, and for starts on every day of the months around the period's start.
 */
import { describe, expect, it } from "vitest";
import { defaultRetention, expiredStarts, periodEnd, type RetentionSettings } from "./retention-policy";

const day = 86_400_000;

/** Whether `start` is in the spans `expiredStarts` gives: what the purge's query selects. */
function selected(spans: ReturnType<typeof expiredStarts>, start: string): boolean {
  return start <= spans.through || spans.also.some((s) => start >= s.from && start <= s.through);
}

describe("expiredStarts selects exactly the starts whose periodEnd has come", () => {
  it.each([1, 24])("for %i month(s), every day of 2024 and 2025", (months) => {
    const settings: RetentionSettings = { ...defaultRetention(), enquiries: months };
    let checked = 0;
    for (let d = Date.parse("2024-01-01T00:00:00.000Z"); d < Date.parse("2026-01-01T00:00:00.000Z"); d += day) {
      for (const time of [0, 12 * 3_600_000, day - 1]) {
        const now = new Date(d + time);
        const spans = expiredStarts("enquiries", now, settings);
        // Starts on every day from two months before the period's start month to a month after.
        const back = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - months - 1, 1);
        const ahead = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - months + 2, 1);
        for (let s = back; s < ahead; s += day) {
          for (const offset of [0, time - 1, time, time + 1, day - 1]) {
            if (offset < 0 || offset >= day) continue;
            const start = new Date(s + offset);
            const due = periodEnd("enquiries", start, settings).getTime() <= now.getTime();
            if (selected(spans, start.toISOString()) !== due) {
              expect.fail(`${months} month(s): start ${start.toISOString()} at ${now.toISOString()}: due ${due}`);
            }
            checked++;
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(200_000);
  });

  it("ends a period on the last day of a shorter month, at the start's time of day", () => {
    const settings: RetentionSettings = { ...defaultRetention(), enquiries: 1 };
    const end = (from: string, name: "enquiries" | "futureRoles" = "enquiries") =>
      periodEnd(name, new Date(from), settings).toISOString();
    expect(end("2026-01-31T12:00:00.000Z")).toBe("2026-02-28T12:00:00.000Z");
    expect(end("2024-01-31T12:00:00.000Z")).toBe("2024-02-29T12:00:00.000Z");
    expect(end("2024-02-29T12:00:00.000Z", "futureRoles")).toBe("2026-02-28T12:00:00.000Z");
    expect(end("2026-03-31T23:59:59.999Z")).toBe("2026-04-30T23:59:59.999Z");
  });
});
