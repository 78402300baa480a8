import fastifyStatic from "@fastify/static";
import type { FastifyPluginAsync } from "fastify";
import fs from "node:fs";
import path from "node:path";
import { redirects } from "../../app/site/pages";
import { notFoundPath } from "../../app/site/prerender";

/** Paths of every prerendered page in the build folder ("/" and each "<path>/index.html"). */
function prerenderedPages(buildDir: string): string[] {
  const found: string[] = [];
  const walk = (dir: string, urlPath: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory() && entry.name !== "assets") walk(path.join(dir, entry.name), `${urlPath}/${entry.name}`);
      else if (entry.name === "index.html") found.push(urlPath || "/");
    }
  };
  walk(buildDir, "");
  return found.filter((p) => p !== notFoundPath);
}

export const siteRoutes: FastifyPluginAsync<{ buildDir: string }> = async (app, { buildDir }) => {
  if (!fs.existsSync(path.join(buildDir, "index.html"))) {
    throw new Error(`No built site in ${buildDir}: run "npm run build" first.`);
  }
  await app.register(fastifyStatic, {
    root: buildDir,
    preCompressed: true,
    index: false,
    redirect: false,
    wildcard: true,
    setHeaders(reply, filePath) {
      const hashedAsset = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header("Cache-Control", hashedAsset ? "public, max-age=31536000, immutable" : "no-cache");
    },
  });

  for (const page of prerenderedPages(buildDir)) {
    const file = page === "/" ? "index.html" : `${page.slice(1)}/index.html`;
    app.get(page, (_req, reply) => reply.sendFile(file));
  }
  for (const { from, to } of redirects) {
    app.get(from, (_req, reply) => reply.redirect(to, 301));
  }

  app.setNotFoundHandler((req, reply) => {
    if (req.url.startsWith("/api/")) {
      return reply.code(404).send({ status: false, message: "Not found." });
    }
    return reply.code(404).sendFile(`${notFoundPath.slice(1)}/index.html`);
  });
};
