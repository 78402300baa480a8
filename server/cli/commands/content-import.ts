/**
 * `content-import [--collection NAME] [--dir DIR]`: today's case studies, insights, team and
 * portfolio into the content store, once (decisions 065, 069 and 078).
 */
import fs from "node:fs";
import path from "node:path";
import { contentCollections, contentSlug } from "../../../contracts/content/items";
import type { DraftData } from "../../../contracts/content/items";
import { caseStudyDraft, importCaseStudies } from "../../content/import-case-studies";
import { importInsights, insightDraft } from "../../content/import-insights";
import { savePictures } from "../../content/import-pictures";
import { importTeam, teamDrafts } from "../../content/import-team";
import { importPortfolio, portfolioDrafts } from "../../content/import-portfolio";
import type { PictureField } from "../../content/import-pictures";
import type { ImportedFile, ImportOptions, ImportResult } from "../../content/import-markdown";
import { addRedirect } from "../../content/redirect-seam";
import { imageUses } from "../../content/image-seam";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import { CliError, command, isDirectory } from "../command";

/** What the content store's collections are imported from: a folder of Markdown, or one file. */
type Imported = "case-studies" | "insights" | "team" | "portfolio";

interface Importer {
  /** The repository's folder of Markdown files, or (team, portfolio) its one JSON file. */
  from: string;
  run: (db: Kysely<Database>, files: ImportedFile[], opts: ImportOptions) => Promise<ImportResult[]>;
  /** How the audit entry names what was imported. */
  subject: string;
  /** A file's draft (or drafts), for the collections whose pictures are the repository's drawings (saved as images first). */
  draftOf?: (file: ImportedFile, siteOrigin: string) => DraftData | DraftData[];
  /** The field that holds that picture; the hero unless said. */
  pictureField?: PictureField;
}

const importers: Record<Imported, Importer> = {
  "case-studies": {
    from: "app/content/case-studies",
    run: importCaseStudies,
    subject: "case studies",
    draftOf: caseStudyDraft,
  },
  insights: { from: "app/content/insights", run: importInsights, subject: "insights", draftOf: insightDraft },
  team: {
    from: "app/content/team.json",
    run: (db, [file], opts) => importTeam(db, file!, opts),
    subject: "team",
    draftOf: teamDrafts,
    pictureField: "photo",
  },
  portfolio: {
    from: "app/content/portfolio.json",
    run: (db, [file], opts) => importPortfolio(db, file!, opts),
    subject: "portfolio",
    draftOf: portfolioDrafts,
    pictureField: "image",
  },
};

/** The files to import: a folder's Markdown files, or the one file named. */
function readSource(source: string, collection: Imported): ImportedFile[] {
  if (source.endsWith(".json")) {
    if (!fs.existsSync(source)) throw new CliError(`No file ${source}: give the ${collection} file with --dir.`);
    return [{ name: path.basename(source), text: fs.readFileSync(source, "utf8") }];
  }
  if (!isDirectory(source)) throw new CliError(`No folder ${source}: give the ${collection} folder with --dir.`);
  return fs
    .readdirSync(source)
    .filter((name) => name.endsWith(".md") && contentSlug.safeParse(name.slice(0, -3)).success)
    .map((name) => ({ name, text: fs.readFileSync(path.join(source, name), "utf8") }));
}

export default command({
  name: "content-import",
  usage: `  content-import [--collection case-studies|insights|team|portfolio] [--dir DIR]
                                 today's case studies (app/content/case-studies), insights
                                 (app/content/insights), team (app/content/team.json) and
                                 portfolio (app/content/portfolio.json) into
                                 the content store, each picture from public/ saved as an
                                 image: each item that passes the schema goes live,
                                 the others stay drafts with what they lack, a file holding raw
                                 HTML is refused; an address already there is kept, so running
                                 it again changes nothing. --dir reads one collection from
                                 another folder or file (case studies unless --collection
                                 names another)
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
    // Without a name: every collection from its own place, or case studies from --dir (as before insights).
    const chosen: Imported[] = named
      ? [named as Imported]
      : dir
        ? ["case-studies"]
        : (Object.keys(importers) as Imported[]);
    for (const collection of chosen) {
      const files = readSource(path.resolve(dir ?? importers[collection].from), collection);
      const { draftOf, pictureField } = importers[collection];
      const now = io.now();
      const siteOrigin = new URL(config.siteUrl).origin;
      // The repository's drawings become images before the transaction (encoding takes seconds).
      const pictures = draftOf
        ? await savePictures(storage, collection, files, draftOf, {
            publicDir: path.resolve("public"),
            siteOrigin,
            now,
            field: pictureField,
          })
        : undefined;
      const results = await storage.transaction((trx) =>
        importers[collection].run(trx, files, { now, siteOrigin, addRedirect, imageUses, pictures }),
      );
      for (const r of results) {
        print(`${r.result.padEnd(9)} ${contentCollections[collection].path(r.slug)}`);
        for (const issue of r.issues) print(`          ${issue.path}: ${issue.message}`);
      }
      const counts = (["published", "draft", "kept", "refused"] as const).map(
        (k) => `${results.filter((r) => r.result === k).length} ${k}`,
      );
      if (pictures) {
        const saved = [...pictures.values()].filter((p) => "imageId" in p).length;
        counts.push(`${saved} picture${saved === 1 ? "" : "s"} saved as images`);
      }
      await audit("content-import", { subject: importers[collection].subject, detail: counts.join(", ") });
    }
    return 0;
  },
});
