/** `content-import [--dir DIR]`: today's Markdown case studies into the content store, once (decision 065). */
import fs from "node:fs";
import path from "node:path";
import { contentSlug } from "../../../contracts/content/items";
import { importCaseStudies } from "../../content/import-case-studies";
import { addRedirect } from "../../content/redirect-seam";
import { imageUses } from "../../content/image-seam";
import { CliError, command, isDirectory } from "../command";

export default command({
  name: "content-import",
  usage: `  content-import [--dir app/content/case-studies]
                                 the Markdown case studies into the content store: each one
                                 that passes the schema goes live, the others stay drafts
                                 with what they lack, a file holding raw HTML is refused; an
                                 address already there is kept, so running it again changes
                                 nothing
`,
  options: { dir: { type: "string" } },
  audited: { "content-import": "content imported" },
  notAudited: {},
  async run({ storage, config, values, io, print, audit }) {
    const dir = path.resolve((values.dir as string | undefined) ?? "app/content/case-studies");
    if (!isDirectory(dir)) throw new CliError(`No folder ${dir}: give the case studies' folder with --dir.`);
    const files = fs
      .readdirSync(dir)
      .filter((name) => name.endsWith(".md") && contentSlug.safeParse(name.slice(0, -3)).success)
      .map((name) => ({ name, text: fs.readFileSync(path.join(dir, name), "utf8") }));
    const results = await storage.transaction((trx) =>
      importCaseStudies(trx, files, {
        now: io.now(),
        siteOrigin: new URL(config.siteUrl).origin,
        addRedirect,
        imageUses,
      }),
    );
    for (const r of results) {
      print(`${r.result.padEnd(9)} /case-studies/${r.slug}`);
      for (const issue of r.issues) print(`          ${issue.path}: ${issue.message}`);
    }
    const counts = (["published", "draft", "kept", "refused"] as const).map(
      (k) => `${results.filter((r) => r.result === k).length} ${k}`,
    );
    await audit("content-import", { subject: "case studies", detail: counts.join(", ") });
    return 0;
  },
});
