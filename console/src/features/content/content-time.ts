/**
 * Times on the content pages, in the company's time zone (COMPANY_TIME_ZONE, named by the list
 * answer): "28 Nov 2026, 14:02 GMT" for when something happened or goes live, and the schedule
 * form's wall time there turned into the instant the API takes, daylight saving included.
 */
import { TZDate } from "@date-fns/tz";

/** "28 Nov 2026, 14:02 GMT": a moment as the company reads it, with its zone's short name. */
export function zoneTime(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat("en-GB", {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone,
  })
    .format(new Date(iso))
    .concat(" ", zoneName(iso, timeZone));
}

/** "14:02": the autosave's "Saved at". */
export function clockTime(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone }).format(
    at,
  );
}

/** The zone's short name at that moment (GMT or BST; PST or PDT), else its IANA name. */
export function zoneName(iso: string, timeZone: string): string {
  const part = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "short" })
    .formatToParts(new Date(iso))
    .find((p) => p.type === "timeZoneName")?.value;
  return part && !part.startsWith("GMT+") && !part.startsWith("GMT-") ? part : timeZone;
}

/**
 * The instant of a date ("2026-12-01") and a time ("09:30") on the company's clocks, as the API's
 * ISO text; undefined when either is not a real date or time.
 */
export function instantOf(day: string, time: string, timeZone: string): string | undefined {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  const t = /^(\d{2}):(\d{2})$/.exec(time);
  if (!d || !t) return undefined;
  const [year, month, date, hour, minute] = [d[1], d[2], d[3], t[1], t[2]].map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  if (month < 1 || month > 12 || date < 1 || date > 31 || hour > 23 || minute > 59) return undefined;
  const at = new TZDate(year, month - 1, date, hour, minute, timeZone);
  // 31 February rolls over into March: not a date someone meant.
  if (at.getDate() !== date) return undefined;
  return new Date(at.getTime()).toISOString();
}

/** The date and time fields' values for an instant, on the company's clocks (a schedule shown back in its form). */
export function wallTimeOf(iso: string, timeZone: string): { day: string; time: string } {
  const at = new TZDate(new Date(iso).getTime(), timeZone);
  const pad = (n: number) => String(n).padStart(2, "0");
  return {
    day: `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`,
    time: `${pad(at.getHours())}:${pad(at.getMinutes())}`,
  };
}
