/**
 * A static build (AstroWind's dist) served on loopback as a static host serves it, for the
 * benchmarks that measure it beside ours (bench-nav.ts, bench-web.ts with BENCH_STATIC).
 */
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import zlib from "node:zlib";
import { freePort } from "../server/test-support/ports";

const types: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".css": "text/css",
  ".js": "text/javascript",
  ".svg": "image/svg+xml",
  ".json": "application/json",
  ".xml": "application/xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".woff2": "font/woff2",
  ".ico": "image/x-icon",
};

/**
 * AstroWind's dist as a static host serves it: /x -> x/index.html, text compressed with brotli.
 * `extraHeaders` go on every answer, to measure what one of our server's headers costs by itself.
 */
export async function serveStatic(
  root: string,
  extraHeaders: Record<string, string> = {},
): Promise<{ base: string; stop: () => void }> {
  if (!fs.existsSync(path.join(root, "index.html")))
    throw new Error(`${root} has no index.html: build AstroWind first`);
  const compressed = new Map<string, Buffer>();
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    let file = path.join(root, decodeURIComponent(url.pathname));
    if (!file.startsWith(root)) return void res.writeHead(403).end();
    if (fs.existsSync(file) && fs.statSync(file).isDirectory()) file = path.join(file, "index.html");
    const status = fs.existsSync(file) ? 200 : 404;
    // AstroWind writes 404.html; a build of ours served this way (trace:tasks) has 404/index.html.
    if (status === 404) file = [path.join(root, "404.html"), path.join(root, "404", "index.html")].find(fs.existsSync)!;
    const type = types[path.extname(file)] ?? "application/octet-stream";
    let body: Buffer = fs.readFileSync(file);
    const headers: Record<string, string> = { "Content-Type": type, "Cache-Control": "no-cache", ...extraHeaders };
    if (/^(text|application\/(json|xml))|svg/.test(type) && /\bbr\b/.test(String(req.headers["accept-encoding"]))) {
      if (!compressed.has(file)) compressed.set(file, zlib.brotliCompressSync(body));
      body = compressed.get(file)!;
      headers["Content-Encoding"] = "br";
    }
    res.writeHead(status, headers).end(body);
  });
  const port = await freePort();
  await new Promise<void>((r) => server.listen(port, "127.0.0.1", r));
  return { base: `http://127.0.0.1:${port}`, stop: () => server.close() };
}
