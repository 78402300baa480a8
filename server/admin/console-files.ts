/**
 * The console's own bundle (admin/, built by `vite build -c admin/vite.config.ts` into
 * build/admin): index.html for every page under /admin, hashed files under /admin/assets/. Read
 * once at start; a missing build gives a plain page saying how to make it.
 */
import type { FastifyInstance } from "fastify";
import fs from "node:fs";
import path from "node:path";
import { everyone } from "./access";

const types: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
};

export function consoleFiles(app: FastifyInstance, buildDir: string) {
  const indexFile = path.join(buildDir, "index.html");
  const index = fs.existsSync(indexFile) ? fs.readFileSync(indexFile) : undefined;
  const assets = new Map<string, { body: Buffer; type: string }>();
  const assetDir = path.join(buildDir, "assets");
  if (fs.existsSync(assetDir)) {
    for (const name of fs.readdirSync(assetDir)) {
      const type = types[path.extname(name)];
      if (type) assets.set(name, { body: fs.readFileSync(path.join(assetDir, name)), type });
    }
  }
  const page = async (_req: unknown, reply: import("fastify").FastifyReply) => {
    if (!index) {
      return reply
        .code(503)
        .type("text/plain; charset=utf-8")
        .send('The staff console is not built. Run "npm run build".');
    }
    return reply.type("text/html; charset=utf-8").send(index);
  };
  app.get("/admin", everyone, page);
  app.get("/admin/*", everyone, page);
  app.get<{ Params: { name: string } }>("/admin/assets/:name", everyone, async (req, reply) => {
    const file = assets.get(req.params.name);
    if (!file) return reply.code(404).type("text/plain; charset=utf-8").send("Not found.");
    return reply.type(file.type).send(file.body);
  });
}
