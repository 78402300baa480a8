/**
 * Policy and settings agree (issue 39): the build records in the site manifest the periods the
 * legal pages state (written from the retention table), and a setting that makes the server keep
 * or delete on another schedule stops start-up, naming the setting and the published period.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { publishedPeriods } from "../contracts/retention-periods";
import { buildApp } from "./app";
import { ConfigError, loadConfig } from "./config";
import { periodsDifferingFromPublished } from "./published-periods";
import { siteManifestSchema } from "./site-manifest";

/** A build directory holding only the site manifest, as the build writes it. */
function builtSite(statedPeriods = publishedPeriods()) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "published-periods-"));
  const client = path.join(root, "client");
  fs.mkdirSync(client);
  const manifest = siteManifestSchema.parse({
    pages: ["/"],
    redirects: [],
    notFound: "/404",
    notFoundUnder: [],
    statedPeriods,
  });
  fs.writeFileSync(path.join(root, "site-manifest.json"), JSON.stringify(manifest));
  return { root, client };
}

describe("the retention settings against the published policy pages", () => {
  const made: string[] = [];
  afterAll(() => {
    for (const dir of made) fs.rmSync(dir, { recursive: true, force: true });
  });
  const settingsWith = (env: Record<string, string>) => loadConfig({ DATA_DIR: os.tmpdir(), ...env }).retention;

  it("the manifest records every period a page states, as the pages state it", () => {
    expect(publishedPeriods()).toMatchObject({
      enquiries: { amount: 24, unit: "months", pages: ["privacy-policy"] },
      feedback: { amount: 24, unit: "months", pages: ["privacy-policy"] },
      networkData: { amount: 30, unit: "days", pages: ["privacy-policy", "recruitment-privacy-policy"] },
      consentRecords: { amount: 36, unit: "months", pages: ["cookies"] },
    });
    expect(publishedPeriods()).not.toHaveProperty("auditLog");
    expect(periodsDifferingFromPublished(publishedPeriods(), settingsWith({}))).toEqual([]);
  });

  it("names the setting and the published period when they differ, feedback on its own setting", () => {
    expect(periodsDifferingFromPublished(publishedPeriods(), settingsWith({ ENQUIRY_RETENTION_MONTHS: "12" }))).toEqual(
      [
        "ENQUIRY_RETENTION_MONTHS is 12, but the published /privacy-policy/ states 24 months for contact enquiries. Unset it, or change the period in contracts/retention-periods.ts and rebuild, so the pages state what the server does.",
      ],
    );
    const feedback = settingsWith({ FEEDBACK_RETENTION_MONTHS: "6" });
    expect(feedback.enquiries).toBe(24);
    expect(periodsDifferingFromPublished(publishedPeriods(), feedback)).toEqual([
      expect.stringMatching(
        /^FEEDBACK_RETENTION_MONTHS is 6, but the published \/privacy-policy\/ states 24 months for feedback\./,
      ),
    ]);
    expect(periodsDifferingFromPublished(publishedPeriods(), settingsWith({ IP_RETENTION_DAYS: "45" }))).toEqual([
      expect.stringMatching(
        /^IP_RETENTION_DAYS is 45, but the published \/privacy-policy\/ and \/recruitment-privacy-policy\/ state 30 days/,
      ),
    ]);
  });

  it("a site built from another table (a fixed period changed) asks for a rebuild", () => {
    const older = {
      ...publishedPeriods(),
      futureRoles: { amount: 12, unit: "months" as const, pages: ["recruitment-privacy-policy" as const] },
    };
    expect(periodsDifferingFromPublished(older, settingsWith({}))).toEqual([
      expect.stringMatching(
        /^This server keeps applications kept for future roles .* 24 months, but the published \/recruitment-privacy-policy\/ states 12 months .*rebuild it \(npm run build\)\.$/,
      ),
    ]);
    const { enquiries: _gone, ...without } = publishedPeriods();
    expect(periodsDifferingFromPublished(without, settingsWith({}))).toEqual([
      "The built site states no period for contact enquiries: rebuild it (npm run build).",
    ]);
  });

  it("buildApp refuses to start on a setting the built pages contradict", async () => {
    const site = builtSite();
    made.push(site.root);
    const config = loadConfig({
      DATA_DIR: site.root,
      BUILD_DIR: site.client,
      ENQUIRY_RETENTION_MONTHS: "12",
      LOG_LEVEL: "silent",
    });
    const start = buildApp(config);
    await expect(start).rejects.toThrow(ConfigError);
    await expect(start).rejects.toThrow(
      /ENQUIRY_RETENTION_MONTHS is 12, but the published \/privacy-policy\/ states 24 months/,
    );
  });

  it("stops the real server at start-up with that message", () => {
    const site = builtSite();
    made.push(site.root);
    const { DATABASE_URL: _db, ...rest } = process.env;
    const run = spawnSync(process.execPath, ["--import", "tsx", path.resolve("server/index.ts")], {
      env: { ...rest, DATA_DIR: site.root, BUILD_DIR: site.client, PORT: "0", FEEDBACK_RETENTION_MONTHS: "12" },
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("The retention settings differ from the published policy pages:");
    expect(run.stderr).toContain(
      "FEEDBACK_RETENTION_MONTHS is 12, but the published /privacy-policy/ states 24 months for feedback.",
    );
  });
});
