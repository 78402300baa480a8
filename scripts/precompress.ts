/**
 * Brotli (quality 11) and gzip (level 9) copies next to a built text file, made once at build so
 * the server never compresses per request: the site's files (postbuild.ts) and the console's
 * (console/vite.config.ts). Files under 256 bytes are left alone: compression would not pay.
 */
import fs from "node:fs";
import zlib from "node:zlib";

export const compressible = /\.(html|m?js|css|svg|xml|txt|json|data|webmanifest)$/;

/** Writes `<file>.br` and `<file>.gz`; false when the file is too small or not text. */
export function precompress(file: string): boolean {
  if (!compressible.test(file)) return false;
  const body = fs.readFileSync(file);
  if (body.length < 256) return false;
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(body, { level: 9 }));
  fs.writeFileSync(
    `${file}.br`,
    zlib.brotliCompressSync(body, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    }),
  );
  return true;
}
