/**
 * The running server keeps what the published pages say (issue 39): the build writes the retention
 * periods the legal pages state into the site manifest (scripts/site-files.ts, from the same table
 * the pages are written from), and start-up refuses a setting that would keep or delete anything
 * on another schedule than the one a visitor was told.
 */
import { periodNames, type PeriodName, type StatedPeriod } from "../contracts/retention-periods";
import { ConfigError } from "./config";
import { retentionPolicy, type RetentionSettings } from "./retention/retention-policy";

/** What is wrong, one sentence per period; empty when the settings are what the pages state. */
export function periodsDifferingFromPublished(
  published: Partial<Record<string, StatedPeriod>>,
  settings: RetentionSettings,
): string[] {
  const problems: string[] = [];
  for (const name of periodNames) {
    const table = retentionPolicy[name];
    const stated = published[name];
    if (table.statedIn.length > 0 && !stated) {
      problems.push(`The built site states no period for ${table.what}: rebuild it (npm run build).`);
      continue;
    }
    if (!stated || (stated.amount === settings[name] && stated.unit === table.unit)) continue;
    const pages = stated.pages.map((p) => `/${p}/`).join(" and ");
    const says = `the published ${pages} ${stated.pages.length > 1 ? "state" : "states"} ${stated.amount} ${stated.unit} for ${table.what}`;
    problems.push(
      table.setting
        ? `${table.setting} is ${settings[name]}, but ${says}. Unset it, or change the period in contracts/retention-periods.ts and rebuild, so the pages state what the server does.`
        : `This server keeps ${table.what} ${settings[name]} ${table.unit}, but ${says}: the site was built from another version; rebuild it (npm run build).`,
    );
  }
  return problems;
}

/** Stops start-up when a setting differs from the published policy (server/app.ts). */
export function assertPublishedPeriods(
  published: Partial<Record<PeriodName, StatedPeriod>>,
  settings: RetentionSettings,
): void {
  const problems = periodsDifferingFromPublished(published, settings);
  if (problems.length > 0) {
    throw new ConfigError(`The retention settings differ from the published policy pages:\n- ${problems.join("\n- ")}`);
  }
}
