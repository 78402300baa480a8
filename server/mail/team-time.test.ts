/** Times in the team's e-mails: the company's time zone setting, daylight saving by the date, read at a glance. */
import { describe, expect, it } from "vitest";
import { loadConfig } from "../config";
import { teamTime } from "./team-time";

describe("a time in the team's e-mails", () => {
  it("is in COMPANY_TIME_ZONE's default, London, when the setting is not given", () => {
    const { companyTimeZone } = loadConfig({});
    expect(teamTime("2025-01-02T03:04:05.914Z", companyTimeZone)).toBe("Thursday 2 January 2025, 03:04 GMT");
  });

  it("changes with London's clocks (29 March 2026, 01:00 GMT becomes 02:00 GMT+1): one fixed instant each side", () => {
    expect(teamTime("2026-03-29T00:59:00.000Z", "Europe/London")).toBe("Sunday 29 March 2026, 00:59 GMT");
    expect(teamTime("2026-03-29T01:00:00.000Z", "Europe/London")).toBe("Sunday 29 March 2026, 02:00 GMT+1");
  });

  it("follows another zone when it is set: San Francisco, standard time in winter", () => {
    expect(teamTime("2025-01-02T03:04:05.914Z", "America/Los_Angeles")).toBe("Wednesday 1 January 2025, 19:04 PST");
  });

  it("changes zone on the night the clocks go back (1 November 2026, 02:00 PDT becomes 01:00 PST)", () => {
    expect(teamTime("2026-11-01T08:30:00.000Z", "America/Los_Angeles")).toBe("Sunday 1 November 2026, 01:30 PDT");
    expect(teamTime("2026-11-01T09:30:00.000Z", "America/Los_Angeles")).toBe("Sunday 1 November 2026, 01:30 PST");
  });

  it("writes midnight as 00, not 24", () => {
    expect(teamTime("2026-11-30T08:05:00.000Z", "America/Los_Angeles")).toBe("Monday 30 November 2026, 00:05 PST");
  });

  it("leaves text that is not a time as it was", () => {
    expect(teamTime("not a time", "Europe/London")).toBe("not a time");
  });
});
