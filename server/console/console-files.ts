/**
 * The console's own bundle (console/, built by `vite build -c console/vite.config.ts` into
 * build/admin): index.html for every page under /admin, hashed files under /admin/assets/. Read
 * once at start; a missing build gives a plain page saying how to make it.
 *
 * The assets' names carry a hash of their content, so a browser may keep them for a year without
 * asking again (`immutable`); the build writes brotli and gzip copies beside them, sent as the
 * browser accepts (Vary: Accept-Encoding). Only the HTML, which names the current hashes, is
 * `no-store` (plugin.ts sets that for every other answer of the console).
 */
import negotiate from "@fastify/accept-negotiator";
import type { FastifyInstance, FastifyReply } from "fastify";
import fs from "node:fs";
import path from "node:path";
import { everyone } from "./access";

const types: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  // pdf.js's worker (console/src/features/submission/pdf-document.ts) keeps its .mjs name.
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
};

export const assetCacheControl = "public, max-age=31536000, immutable";

/** Preferred first: brotli is about a seventh smaller than gzip on the console's script. */
const encodings = ["br", "gzip"] as const;
type Encoding = (typeof encodings)[number];
const suffix: Record<Encoding, string> = { br: ".br", gzip: ".gz" };

interface Asset {
  type: string;
  identity: Buffer;
  encoded: Partial<Record<Encoding, Buffer>>;
}

function readAssets(assetDir: string): Map<string, Asset> {
  const assets = new Map<string, Asset>();
  if (!fs.existsSync(assetDir)) return assets;
  for (const name of fs.readdirSync(assetDir)) {
    const type = types[path.extname(name)];
    if (!type) continue;
    const file = path.join(assetDir, name);
    const encoded: Asset["encoded"] = {};
    for (const encoding of encodings) {
      const copy = file + suffix[encoding];
      if (fs.existsSync(copy)) encoded[encoding] = fs.readFileSync(copy);
    }
    assets.set(name, { type, identity: fs.readFileSync(file), encoded });
  }
  return assets;
}

export function consoleFiles(app: FastifyInstance, buildDir: string) {
  const indexFile = path.join(buildDir, "index.html");
  const index = fs.existsSync(indexFile) ? fs.readFileSync(indexFile) : undefined;
  const assets = readAssets(path.join(buildDir, "assets"));
  const page = async (_req: unknown, reply: FastifyReply) => {
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
    const available = encodings.filter((e) => file.encoded[e]);
    const header = req.headers["accept-encoding"];
    const encoding = header && available.length ? negotiate(header, available) : null;
    reply.type(file.type).header("Cache-Control", assetCacheControl).header("Vary", "Accept-Encoding");
    if (!encoding) return reply.send(file.identity);
    return reply.header("Content-Encoding", encoding).send(file.encoded[encoding]);
  });
}
