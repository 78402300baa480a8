/**
 * `content-import [--collection NAME] [--dir DIR]`: today's Markdown case studies and insights into
 * the content store, once (decisions 065 and 069).
 */
import fs from "node:fs";
import path from "node:path";
import { contentCollections, contentSlug, type CollectionName } from "../../../contracts/content/items";
import { importCaseStudies } from "../../content/import-case-studies";
import { importInsights } from "../../content/import-insights";
import type { ImportedFile, ImportOptions, ImportResult } from "../../content/import-markdown";
import { addRedirect } from "../../content/redirect-seam";
import { imageUses } from "../../content/image-seam";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import { CliError, command, isDirectory } from "../command";

/** Each collection with Markdown to import: its folder in the repository and its converter. */
const importers: Record<
  CollectionName,
  { dir: string; run: (db: Kysely<Database>, files: ImportedFile[], opts: ImportOptions) => Promise<ImportResult[]> }
> = {
  "case-studies": { dir: "app/content/case-studies", run: importCaseStudies },
  insights: { dir: "app/content/insights", run: importInsights },
};

export default command({
  name: "content-import",
  usage: `  content-import [--collection case-studies|insights] [--dir DIR]
                                 the Markdown case studies (app/content/case-studies) and
                                 insights (app/content/insights) into the content store: each
                                 one that passes the schema goes live, the others stay drafts
                                 with what they lack, a file holding raw HTML is refused; an
                                 address already there is kept, so running it again changes
                                 nothing. --dir reads one collection's folder (case studies
                                 unless --collection names another)
`,
  options: { collection: { type: "string" }, dir: { type: "string" } },
  audited: { "content-import": "content imported" },
  notAudited: {},
  async run({ storage, config, values, io, print, audit }) {
    const named = values.collection as string | undefined;
    if (named !== undefined && !Object.hasOwn(importers, named)) {
      throw new CliError(`No collection "${named}": give ${Object.keys(importers).join(" or ")}.`);
    }
    const dir = values.dir as string | undefined;
    // Without a name: both collections from their folders, or case studies from --dir (as before insights).
    const chosen: CollectionName[] = named
      ? [named as CollectionName]
      : dir
        ? ["case-studies"]
        : (Object.keys(importers) as CollectionName[]);
    for (const collection of chosen) {
      const folder = path.resolve(dir ?? importers[collection].dir);
      if (!isDirectory(folder)) throw new CliError(`No folder ${folder}: give the ${collection} folder with --dir.`);
      const files = fs
        .readdirSync(folder)
        .filter((name) => name.endsWith(".md") && contentSlug.safeParse(name.slice(0, -3)).success)
        .map((name) => ({ name, text: fs.readFileSync(path.join(folder, name), "utf8") }));
      const results = await storage.transaction((trx) =>
        importers[collection].run(trx, files, {
          now: io.now(),
          siteOrigin: new URL(config.siteUrl).origin,
          addRedirect,
          imageUses,
        }),
      );
      for (const r of results) {
        print(`${r.result.padEnd(9)} ${contentCollections[collection].path(r.slug)}`);
        for (const issue of r.issues) print(`          ${issue.path}: ${issue.message}`);
      }
      const counts = (["published", "draft", "kept", "refused"] as const).map(
        (k) => `${results.filter((r) => r.result === k).length} ${k}`,
      );
      const subject = collection === "insights" ? "insights" : "case studies";
      await audit("content-import", { subject, detail: counts.join(", ") });
    }
    return 0;
  },
});
