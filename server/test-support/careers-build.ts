/**
 * The careers renderer and the no-JavaScript answer renderer as `npm run build` makes them
 * (vite.careers.config.ts, vite.form-answers.config.ts), in a folder of their own, with small
 * pages around the templates' samples: /career holding the open roles and the form's position
 * choices, a role's template, and the other form pages. For server tests of what the careers
 * pages and the answer pages offer (server/console/positions.test.ts).
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll } from "vitest";
import type { CareersRenderer } from "../../contracts/careers/pages-renderer";
import { careersRendererFile } from "../careers/renderer-file";
import { rendererFile } from "../forms/answer-pages";
import { publishedPeriods } from "../../contracts/retention-periods";

function vite(config: string, outDir: string) {
  const build = spawnSync(
    process.execPath,
    [path.resolve("node_modules/vite/bin/vite.js"), "build", "-c", config, "--outDir", outDir],
    // As `npm run build` runs it: vitest's NODE_ENV=test would make a development JSX build.
    { encoding: "utf8", timeout: 120_000, env: { ...process.env, NODE_ENV: "production" } },
  );
  if (build.status !== 0) throw new Error(`${config} failed: ${build.stderr}`);
}

/** Builds once per test file; answers the client folder to give as BUILD_DIR. */
export function useCareersBuild(): { client: string; build: () => Promise<void> } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "careers-positions-"));
  const client = path.join(root, "client");
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
  let built: Promise<void> | undefined;
  const make = async () => {
    vite("vite.careers.config.ts", path.join(root, "careers"));
    vite("vite.form-answers.config.ts", path.dirname(rendererFile(client)));
    const { renderer } = (await import(careersRendererFile(client))) as { renderer: CareersRenderer };
    const write = (page: string, html: string) => {
      fs.mkdirSync(path.join(client, page.slice(1)), { recursive: true });
      fs.writeFileSync(path.join(client, page.slice(1), "index.html"), html);
    };
    const { list, role } = renderer.sample;
    const form = `<form method="post"><select id="career-position" name="position"><option value="" disabled selected>Choose a position</option>${list.choices}</select></form>`;
    write("/", "<!DOCTYPE html><html><head><title>Home</title></head><body><main>Home</main></body></html>");
    write("/404", "<!DOCTYPE html><html><head><title>Not found</title></head><body><main>404</main></body></html>");
    write(
      renderer.templates.list,
      `<!DOCTYPE html><html><head><title>Careers</title></head><body><main>${list.body}${form}</main></body></html>`,
    );
    write(
      renderer.templates.role,
      `<!DOCTYPE html><html><head><meta charset="utf-8">${role.head}${role.scripts}</head><body><main id="main-content" tabindex="-1">${role.body}</main></body></html>`,
    );
    for (const page of ["/contact", "/feedback"]) {
      write(
        page,
        `<!DOCTYPE html><html><head><title>Form</title></head><body><main><form method="post"></form></main></body></html>`,
      );
    }
    fs.writeFileSync(
      path.join(client, "sitemap.xml"),
      `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n  <url><loc>https://www.altivacloud.com/career</loc></url>\n</urlset>\n`,
    );
    fs.writeFileSync(path.join(root, "csp-hashes.json"), JSON.stringify({}));
    fs.writeFileSync(
      path.join(root, "site-manifest.json"),
      JSON.stringify({
        pages: ["/", "/career"],
        redirects: [],
        notFound: "/404",
        notFoundUnder: [],
        statedPeriods: publishedPeriods(),
      }),
    );
  };
  return { client, build: () => (built ??= make()) };
}
