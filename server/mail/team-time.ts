/**
 * Times in the team's e-mails, as people read them: "Wednesday 1 January 2025, 19:04 PST", in
 * the company's time zone (`COMPANY_TIME_ZONE`, the one the weekly report goes out in and the
 * console shows content times in; decision 075), with daylight saving as it falls on that date.
 * Not the stored ISO-8601 text ("2025-01-02T03:04:05.000Z"), which nobody reads at a glance. Mail
 * to the public keeps UTC (confirmation.ts): its readers live anywhere.
 */

interface ZoneFormat {
  dayAndTime: Intl.DateTimeFormat;
  zoneName: Intl.DateTimeFormat;
}
/** One pair of formatters per zone: a server has one zone setting, so this holds one entry. */
const formats = new Map<string, ZoneFormat>();

function formatOf(timeZone: string): ZoneFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = {
      dayAndTime: new Intl.DateTimeFormat("en-GB", {
        weekday: "long",
        day: "numeric",
        month: "long",
        year: "numeric",
        hour: "2-digit",
        minute: "2-digit",
        hourCycle: "h23",
        timeZone,
      }),
      // en-US names American zones by their letters (PST, PDT); en-GB would write "GMT-8".
      // London reads "GMT" in winter and "GMT+1" in summer.
      zoneName: new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "short" }),
    };
    formats.set(timeZone, format);
  }
  return format;
}

/** An ISO-8601 time as the team reads it in `timeZone` (an IANA name); the text as it was if it is not a time. */
export function teamTime(iso: string, timeZone: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  const { dayAndTime, zoneName } = formatOf(timeZone);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    dayAndTime.formatToParts(at).find((p) => p.type === type)?.value ?? "";
  const zone = zoneName.formatToParts(at).find((p) => p.type === "timeZoneName")?.value ?? timeZone;
  return `${part("weekday")} ${part("day")} ${part("month")} ${part("year")}, ${part("hour")}:${part("minute")} ${zone}`;
}
