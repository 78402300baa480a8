/**
 * The console's files: hashed assets compressed as the browser accepts (brotli, gzip, or plain),
 * the decompressed body byte for byte the built file, cached for a year as immutable with
 * Vary: Accept-Encoding; the HTML and the API stay no-store. The assets are precompressed by the
 * same function the build uses (scripts/precompress.ts).
 */
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { precompress } from "../../scripts/precompress";
import { buildApp } from "../app";
import { useBackend } from "../test-support/backends";
import { assetCacheControl } from "./console-files";

type App = Awaited<ReturnType<typeof buildApp>>;

describe("the console's files", () => {
  const env = useBackend("sqlite");
  let app: App;
  let buildDir: string;
  // Text that compresses as a real bundle does, made from code rather than pasted.
  const script = Buffer.from(
    Array.from({ length: 2000 }, (_, i) => `export const field${i} = { label: "Field ${i}", max: ${i * 7} };\n`).join(
      "",
    ),
  );
  const scriptName = "index-Bx9fQ2aZ.js";
  // pdf.js's worker keeps its .mjs name (decision 076); a module worker needs a JavaScript type.
  const workerName = "pdf.worker.min-FHbmGBN0.mjs";

  beforeAll(async () => {
    buildDir = path.join(env.dataDir, "admin-build");
    fs.mkdirSync(path.join(buildDir, "assets"), { recursive: true });
    fs.writeFileSync(path.join(buildDir, "index.html"), `<!doctype html><script src="/admin/assets/${scriptName}">`);
    const file = path.join(buildDir, "assets", scriptName);
    fs.writeFileSync(file, script);
    expect(precompress(file)).toBe(true);
    const worker = path.join(buildDir, "assets", workerName);
    fs.writeFileSync(worker, script);
    expect(precompress(worker)).toBe(true);
    app = await buildApp({ ...env.config, admin: { ...env.config.admin, buildDir } }, { serveSite: false });
  });
  afterAll(() => app.close());

  const get = (url: string, acceptEncoding?: string) =>
    app.inject({
      method: "GET",
      url,
      headers: acceptEncoding === undefined ? {} : { "accept-encoding": acceptEncoding },
    });

  const cases: { accept: string | undefined; encoding: string | undefined; decode: (b: Buffer) => Buffer }[] = [
    { accept: "gzip, deflate, br, zstd", encoding: "br", decode: (b) => zlib.brotliDecompressSync(b) },
    { accept: "gzip", encoding: "gzip", decode: (b) => zlib.gunzipSync(b) },
    { accept: "br;q=0, gzip;q=0.5", encoding: "gzip", decode: (b) => zlib.gunzipSync(b) },
    { accept: "identity", encoding: undefined, decode: (b) => b },
    { accept: undefined, encoding: undefined, decode: (b) => b },
  ];
  for (const { accept, encoding, decode } of cases) {
    it(`sends the script ${encoding ?? "uncompressed"} for Accept-Encoding: ${accept ?? "(none)"}, immutable`, async () => {
      const res = await get(`/admin/assets/${scriptName}`, accept);
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-encoding"]).toBe(encoding);
      expect(res.headers["cache-control"]).toBe(assetCacheControl);
      expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(res.headers.vary).toBe("Accept-Encoding");
      expect(res.headers["content-type"]).toBe("text/javascript; charset=utf-8");
      expect(decode(res.rawPayload).equals(script)).toBe(true);
      if (encoding) expect(res.rawPayload.length).toBeLessThan(script.length / 4);
    });
  }

  it("sends pdf.js's .mjs worker as JavaScript, brotli-compressed, under a CSP that lets workers come from the console only", async () => {
    const res = await get(`/admin/assets/${workerName}`, "br");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    // Compressed like the other scripts: pdf.js's worker is 1.24 MB as built.
    expect(res.headers["content-encoding"]).toBe("br");
    expect(zlib.brotliDecompressSync(res.rawPayload).equals(script)).toBe(true);
    const page = await get("/admin");
    expect(String(page.headers["content-security-policy"]).split("; ")).toContain("worker-src 'self'");
  });

  it("keeps the HTML, the API and unknown assets no-store", async () => {
    for (const url of ["/admin", "/admin/people", "/admin/api/me", "/admin/assets/index-00000000.js"]) {
      const res = await get(url, "br");
      expect(res.headers["cache-control"], url).toBe("no-store");
      expect(res.headers["content-encoding"], url).toBeUndefined();
    }
  });
});
