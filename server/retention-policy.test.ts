/**
 * The retention table (contracts/retention-periods.ts) is the one place a period lives (issue 25):
 * the legal pages state its defaults, written into them from it at build (issue 39; their
 * Markdown types no period), the Recruitment Privacy Policy's sentences about
 * applications state the rule of storage/application-retention.ts (issue 26), `purge --dry-run` reports every period in it, the purge
 * applies the measurement and consent periods too, and RETENTION_MONTHS, the old name of
 * APPLICATION_RETENTION_MONTHS, still works with a warning.
 */
import { UTCDate } from "@date-fns/utc";
import { addMonths, subMonths } from "date-fns";
import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { cookiePolicyVersion } from "../contracts/index";
import { applicationForm, futureRolesConsent } from "../contracts/forms/application";
import { isDecision, statusesOf } from "../contracts/staff-console";
import { statePeriods } from "../contracts/retention-periods";
import { deletionDateOf, type ApplicationDates } from "./retention/application-retention";
import { buildApp } from "./app";
import { runCli } from "./cli/index";
import { loadConfig, type Config } from "./config";
import { createInvitation } from "./console/invitations";
import { insertConsentRecord, insertEvents } from "./analytics/analytics";
import {
  describePeriod,
  periodNames,
  retentionPolicy,
  type LegalPage,
  type PeriodName,
} from "./retention/retention-policy";
import { backends, useBackend } from "./test-support/backends";
import { legalMarkdown, legalPageText } from "./test-support/legal-pages";

const words: Record<string, number> = { one: 1, two: 2, three: 3, six: 6, twelve: 12 };

/** Every "N months|days|years" in a sentence that deletes or keeps something, in months or days. */
function statedPeriods(text: string): { amount: number; unit: "months" | "days" }[] {
  const sentences = text.split(/(?<=[.;])\s+/).filter((s) => /\b(deleted|delete|kept|keep)\b/i.test(s));
  return sentences.flatMap((s) =>
    [...s.matchAll(/\b(\d+|one|two|three|six|twelve) (months?|days?|years?)\b/gi)].map((m) => {
      const n = words[m[1]!.toLowerCase()] ?? Number(m[1]);
      const unit = m[2]!.toLowerCase();
      if (unit.startsWith("year")) return { amount: n * 12, unit: "months" as const };
      return { amount: n, unit: unit.startsWith("month") ? ("months" as const) : ("days" as const) };
    }),
  );
}

describe("the legal pages state the retention table's defaults", () => {
  const pages = [...new Set(periodNames.flatMap((n) => retentionPolicy[n].statedIn as readonly LegalPage[]))];
  const stated = Object.fromEntries(pages.map((page) => [page, statedPeriods(legalPageText(page))]));

  it("their Markdown types no period: each one is a placeholder the build fills from the table", () => {
    for (const page of [...pages, "security"]) {
      expect(statedPeriods(legalMarkdown(page)), page).toEqual([]);
      expect(legalMarkdown(page), page).not.toMatch(/\b\d+ (months?|days?|years?)\b/);
    }
    expect(legalMarkdown("privacy-policy")).toContain("deleted {{enquiries}} after they arrive");
  });

  it("a placeholder the table does not give the page, or a stated period missing from it, fails the build", () => {
    expect(() => statePeriods("cookies", "{{analytics}} {{consentRecords}} {{enquiries}}")).toThrow(
      "cookies.md: {{enquiries}} is not a period the retention table says this page states",
    );
    expect(() => statePeriods("cookies", "{{analytics}} {{nonsense}}")).toThrow(/\{\{nonsense\}\} is not a period/);
    expect(() => statePeriods("cookies", "deleted after {{analytics}} {{dailyTotals}}")).toThrow(
      "cookies.md states no {{consentRecords}}",
    );
    expect(statePeriods("cookies", "{{analytics}}, {{dailyTotals}}, {{consentRecords in years}}")).toBe(
      "13 months, 25 months, 3 years",
    );
  });

  it("reads periods from each page that states one", () => {
    expect(pages.sort()).toEqual(["cookies", "privacy-policy", "recruitment-privacy-policy"]);
    for (const page of pages) expect(stated[page]!.length, page).toBeGreaterThan(0);
  });

  for (const name of periodNames) {
    for (const page of retentionPolicy[name].statedIn as readonly LegalPage[]) {
      it(`${page}.md states ${name}: ${describePeriod(name, loadConfig({}).retention)}`, () => {
        const { default: amount, unit } = retentionPolicy[name];
        expect(stated[page]).toContainEqual({ amount, unit });
      });
    }
  }

  it("states no keeping or deleting period that is not the default of one of the page's periods", () => {
    for (const page of pages) {
      const allowed = periodNames
        .filter((n) => (retentionPolicy[n].statedIn as readonly string[]).includes(page))
        .map((n) => ({ amount: retentionPolicy[n].default, unit: retentionPolicy[n].unit }));
      for (const period of stated[page]!) expect(allowed, `${page}: ${JSON.stringify(period)}`).toContainEqual(period);
    }
  });
});

describe("the Recruitment Privacy Policy states the rule the purge and the console follow", () => {
  const policy = legalPageText("recruitment-privacy-policy");
  const settings = loadConfig({}).retention;
  const arrived = new Date("2026-01-05T10:00:00.000Z");
  const decided = new Date("2026-04-20T09:00:00.000Z");
  const application = (status: string, consent = false): ApplicationDates => ({
    created_at: arrived.toISOString(),
    status,
    decided_at: isDecision(status) ? decided.toISOString() : null,
    future_roles_consent: consent ? futureRolesConsent.version : null,
  });
  /** The period a sentence of the policy states, read from its words, counted from `from`. */
  function stated(pattern: RegExp, from: Date): Date {
    const m = policy.match(pattern);
    expect(m, String(pattern)).not.toBeNull();
    if (m![2] === "days") return new Date(from.getTime() + Number(m![1]) * 86_400_000);
    return new Date(addMonths(new UTCDate(from), Number(m![1])).getTime());
  }

  it("each stage without a decision: deleted as many months after arrival as the policy says", () => {
    const at = stated(
      /While we have not decided, they are deleted (\d+) (months) after your application arrived\./,
      arrived,
    );
    for (const status of statusesOf.application.filter((st) => !isDecision(st))) {
      expect(deletionDateOf(application(status), settings).at, status).toEqual(at);
    }
  });

  it("not selected: deleted as many months after the decision as the policy says", () => {
    const at = stated(/If you are not selected, they are deleted (\d+) (months) after that decision\./, decided);
    expect(deletionDateOf(application("not selected"), settings).at).toEqual(at);
  });

  it("hired: deleted as many days after the decision as the policy says, consent or not", () => {
    const at = stated(/If you are hired, they are deleted (\d+) (days) after that decision/, decided);
    expect(deletionDateOf(application("hired"), settings).at).toEqual(at);
    expect(deletionDateOf(application("hired", true), settings).at).toEqual(at);
  });

  it("the consent box's words are the form's, and keep the application as long as the policy says, when later", () => {
    expect(policy).toContain(`If you ticked "${futureRolesConsent.words}"`);
    expect(applicationForm.fields.find((f) => f.name === "futureRoles")?.label).toBe(futureRolesConsent.words);
    expect(futureRolesConsent.words).toContain(`${retentionPolicy.futureRoles.default} months`);
    const at = stated(/they are kept until (\d+) (months) after your application arrived, when that is later/, arrived);
    for (const status of statusesOf.application.filter((st) => st !== "hired")) {
      expect(deletionDateOf(application(status, true), settings).at, status).toEqual(at);
    }
    // Decided late enough, the decision's date is the later one.
    const late = { ...application("not selected", true), decided_at: "2027-06-01T00:00:00.000Z" };
    expect(deletionDateOf(late, settings).basis).toBe("decision");
  });

  it("no status keeps anyone longer: without consent every stage has a date within the policy's periods", () => {
    expect(policy).toContain("no status or decision of ours keeps them longer");
    const latest = addMonths(new UTCDate(decided), settings.applications);
    for (const status of statusesOf.application) {
      const { at } = deletionDateOf(application(status), settings);
      expect(at.getTime(), status).toBeLessThanOrEqual(latest.getTime());
    }
  });
});

describe("RETENTION_MONTHS, the old name of APPLICATION_RETENTION_MONTHS", () => {
  it("still sets the application period, with a warning; the new name needs none and wins", () => {
    const old = loadConfig({ RETENTION_MONTHS: "6" });
    expect(old.retention.applications).toBe(6);
    expect(old.warnings).toEqual([expect.stringContaining("APPLICATION_RETENTION_MONTHS")]);
    const renamed = loadConfig({ APPLICATION_RETENTION_MONTHS: "7" });
    expect(renamed.retention.applications).toBe(7);
    expect(renamed.warnings).toEqual([]);
    const both = loadConfig({ APPLICATION_RETENTION_MONTHS: "7", RETENTION_MONTHS: "6" });
    expect(both.retention.applications).toBe(7);
    expect(both.warnings).toEqual([expect.stringContaining("ignored")]);
    expect(loadConfig({}).retention.applications).toBe(retentionPolicy.applications.default);
  });
});

describe("RETENTION_MONTHS at start-up", () => {
  const env = useBackend("sqlite", { RETENTION_MONTHS: "6", LOG_LEVEL: "info" });
  it("is warned about in the server's log", async () => {
    const lines: string[] = [];
    const app = await buildApp(env.config, { serveSite: false, logStream: { write: (line) => void lines.push(line) } });
    await app.close();
    const warnings = lines.map((l) => JSON.parse(l) as { level: number; msg: string }).filter((l) => l.level === 40);
    expect(warnings.map((w) => w.msg)).toEqual([expect.stringContaining("RETENTION_MONTHS is the old name")]);
  });
});

describe.each(backends)("`purge` on %s applies and reports every period of the table", (backend) => {
  const env = useBackend(backend);

  async function cli(config: Config, now: Date, ...argv: string[]) {
    const out = new PassThrough();
    let stdout = "";
    out.on("data", (c) => (stdout += c));
    const cliEnv: Record<string, string> = { DATA_DIR: config.dataDir, LOG_LEVEL: "silent" };
    if (config.databaseUrl) cliEnv.DATABASE_URL = config.databaseUrl;
    const code = await runCli(argv, cliEnv, { out, err: new PassThrough(), now: () => now });
    return { code, stdout };
  }

  it("--dry-run names each period with its length and setting, and counts what would go; the purge deletes it", async () => {
    const app = await buildApp(env.config, { serveSite: false });
    try {
      const now = new Date("2030-06-15T12:00:00Z");
      // One measurement and one consent record a day past their periods, and one of each inside.
      const past = (name: PeriodName) => {
        return new Date(subMonths(new UTCDate(now), retentionPolicy[name].default).getTime() - 24 * 60 * 60_000);
      };
      const event = { type: "pageview", path: "/", viewport: "lg", browser: "chrome" } as const;
      const record = {
        consentId: "0123456789abcdef0123456789abcdef",
        action: "accept",
        performance: true,
        functional: false,
        marketing: false,
        policyVersion: cookiePolicyVersion,
        browserRefusal: false,
      } as const;
      await insertEvents(app.storage, [event], past("analytics"));
      await insertEvents(app.storage, [event], now);
      await insertConsentRecord(app.storage, record, past("consentRecords"));
      await insertConsentRecord(app.storage, record, now);
      // Four invitations: one whose link still works, one run out, one used, one cancelled.
      const invite = (name: string, at: Date) =>
        createInvitation(app.storage.db, { email: `${name}@altivacloud.com`, name, role: "sales" }, at, null);
      const hour = 60 * 60_000;
      await invite("live", new Date(now.getTime() - hour));
      await invite("ran.out", new Date(now.getTime() - 25 * hour));
      for (const [name, column] of [
        ["used", "used_at"],
        ["cancelled", "cancelled_at"],
      ] as const) {
        await invite(name, new Date(now.getTime() - hour));
        await app.storage.db
          .updateTable("invitations")
          .set({ [column]: now.toISOString() })
          .where("email", "=", `${name}@altivacloud.com`)
          .execute();
      }
      // Three mail-failure alert records: two past their 90 days, one from yesterday.
      const day = 24 * hour;
      for (const [daysAgo, lastFailedId] of [
        [100, 3],
        [91, 5],
        [1, 9],
      ] as const) {
        const at = new Date(now.getTime() - daysAgo * day);
        await app.storage.db
          .insertInto("mail_alerts")
          .values({
            hour: at.toISOString().slice(0, 13),
            failed: 1,
            stale: 0,
            last_failed_id: lastFailedId,
            sent: 1,
            error: null,
            created_at: at.toISOString(),
          })
          .execute();
      }
      // Four weekly reports to one person: sent 91 days ago, given up 91 days ago, still waiting
      // after 91 days (kept: the worker may yet deliver it), and sent 7 days ago.
      const { id: staffId } = await app.storage.db
        .insertInto("staff")
        .values({
          email: "noemie.brule@altivacloud.com",
          name: "Noémie Brûlé",
          role: "marketing",
          created_at: now.toISOString(),
          revoked_at: null,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      for (const [week, status, daysAgo] of [
        ["2030-W11", "sent", 91],
        ["2030-W12", "failed", 91],
        ["2030-W13", "pending", 91],
        ["2030-W23", "sent", 7],
      ] as const) {
        const at = new Date(now.getTime() - daysAgo * day).toISOString();
        await app.storage.db
          .insertInto("weekly_reports")
          .values({
            staff_id: staffId,
            week,
            recipient: "noemie.brule@altivacloud.com",
            subject: `Altiva Cloud site: week ${week}`,
            text: "Page views 120",
            html: "<p>Page views 120</p>",
            status,
            attempts: status === "pending" ? 0 : 1,
            next_attempt_at: at,
            message_id: `<weekly-${week}@altivacloud.com>`,
            created_at: at,
            sent_at: status === "sent" ? at : null,
          })
          .execute();
      }
      const reports = async () =>
        (await app.storage.db.selectFrom("weekly_reports").select("week").orderBy("week").execute()).map((r) => r.week);
      const alerts = async () =>
        (await app.storage.db.selectFrom("mail_alerts").select("last_failed_id").orderBy("hour").execute()).map(
          (a) => a.last_failed_id,
        );
      const invitations = async () =>
        (await app.storage.db.selectFrom("invitations").select("email").orderBy("email").execute()).map((i) => i.email);

      const dry = await cli(env.config, now, "purge", "--dry-run");
      expect(dry.code).toBe(0);
      // Each line ends "(names: period)"; together they name every period of the table once.
      const reported = new Map<string, string>();
      for (const m of dry.stdout.matchAll(/\(([\w, ]+): ([^()]+)\)$/gm)) {
        for (const name of m[1]!.split(", ")) reported.set(name, m[2]!);
      }
      expect([...reported.keys()].sort()).toEqual([...periodNames].sort());
      for (const name of periodNames) expect(reported.get(name), name).toBe(describePeriod(name, env.config.retention));
      expect(dry.stdout).toMatch(/would delete 1 measurement\(s\) older than /);
      expect(dry.stdout).toMatch(/would delete 1 consent record\(s\) older than /);
      const count = async (table: "analytics_events" | "consent_records") =>
        (await app.storage.db.selectFrom(table).select("id").execute()).length;
      expect([await count("analytics_events"), await count("consent_records")]).toEqual([2, 2]);
      expect(dry.stdout).toMatch(/would delete 3 invitation\(s\) whose link was used, cancelled or ran out /);
      expect(await invitations()).toHaveLength(4);
      expect(dry.stdout).toMatch(/would delete 2 mail-failure alert record\(s\) older than /);
      expect(await alerts()).toEqual([3, 5, 9]);
      expect(dry.stdout).toMatch(/would delete 2 weekly report\(s\) to staff, sent or given up, older than /);
      expect(await reports()).toHaveLength(4);

      // The same code without --dry-run: the measurement and consent periods are applied too.
      const purge = await cli(env.config, now, "purge");
      expect(purge.code).toBe(0);
      expect(purge.stdout).toMatch(/deleted 1 measurement\(s\)/);
      expect(purge.stdout).toMatch(/deleted 1 consent record\(s\)/);
      expect([await count("analytics_events"), await count("consent_records")]).toEqual([1, 1]);
      expect(purge.stdout).toMatch(/deleted 3 invitation\(s\)/);
      expect(await invitations()).toEqual(["live@altivacloud.com"]);
      expect(purge.stdout).toMatch(/deleted 2 mail-failure alert record\(s\)/);
      expect(await alerts()).toEqual([9]);
      expect(purge.stdout).toMatch(/deleted 2 weekly report\(s\)/);
      expect(await reports()).toEqual(["2030-W13", "2030-W23"]);
      // Long after, the newest record stays: the next alert counts only failures after its id 9.
      const later = await cli(env.config, new Date(now.getTime() + 365 * day), "purge");
      expect(later.stdout).toMatch(/deleted 0 mail-failure alert record\(s\)/);
      expect(await alerts()).toEqual([9]);
    } finally {
      await app.close();
    }
  });
});
