/** Times in the team's e-mails: the company's time zone, daylight saving by the date, read at a glance. */
import { describe, expect, it } from "vitest";
import { teamTime } from "./team-time";

describe("a time in the team's e-mails", () => {
  it("is the day, date and time in San Francisco, standard time in winter", () => {
    expect(teamTime("2025-01-02T03:04:05.914Z")).toBe("Wednesday 1 January 2025, 19:04 PST");
  });

  it("follows daylight saving time in summer", () => {
    expect(teamTime("2026-07-15T16:30:00.000Z")).toBe("Wednesday 15 July 2026, 09:30 PDT");
  });

  it("changes zone on the night the clocks go back (1 November 2026, 02:00 PDT becomes 01:00 PST)", () => {
    expect(teamTime("2026-11-01T08:30:00.000Z")).toBe("Sunday 1 November 2026, 01:30 PDT");
    expect(teamTime("2026-11-01T09:30:00.000Z")).toBe("Sunday 1 November 2026, 01:30 PST");
  });

  it("writes midnight as 00, not 24", () => {
    expect(teamTime("2026-11-30T08:05:00.000Z")).toBe("Monday 30 November 2026, 00:05 PST");
  });

  it("leaves text that is not a time as it was", () => {
    expect(teamTime("not a time")).toBe("not a time");
  });
});
