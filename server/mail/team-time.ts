/**
 * Times in the team's e-mails, as people read them: "Wednesday 1 January 2025, 19:04 PST", in
 * the company's time zone (its head office, San Francisco: app/site/company.ts), with daylight
 * saving as it falls on that date. Not the stored ISO-8601 text ("2025-01-02T03:04:05.000Z"),
 * which nobody reads at a glance. Mail to the public keeps UTC (confirmation.ts): its readers live
 * anywhere.
 */

export const companyTimeZone = "America/Los_Angeles";

const dayAndTime = new Intl.DateTimeFormat("en-GB", {
  weekday: "long",
  day: "numeric",
  month: "long",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
  timeZone: companyTimeZone,
});
// en-US names the zone by its letters (PST, PDT); en-GB would write "GMT-8".
const zoneName = new Intl.DateTimeFormat("en-US", { timeZone: companyTimeZone, timeZoneName: "short" });

/** An ISO-8601 time as the team reads it; the text as it was if it is not a time. */
export function teamTime(iso: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    dayAndTime.formatToParts(at).find((p) => p.type === type)?.value ?? "";
  const zone = zoneName.formatToParts(at).find((p) => p.type === "timeZoneName")?.value ?? companyTimeZone;
  return `${part("weekday")} ${part("day")} ${part("month")} ${part("year")}, ${part("hour")}:${part("minute")} ${zone}`;
}
