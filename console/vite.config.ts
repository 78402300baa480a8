/**
 * The staff console's own bundle: built from console/ into build/admin and served under its
 * address, /admin, by server/console/console-files.ts. Nothing here is imported by the public
 * site, so its bytes stay out of the public pages' budget.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin } from "vite";
import { precompress } from "../scripts/precompress";

/** Brotli and gzip copies of the hashed assets, served by console-files.ts as the browser accepts. */
const precompressAssets: Plugin = {
  name: "console-precompress",
  apply: "build",
  writeBundle({ dir }) {
    const assets = path.join(dir!, "assets");
    for (const name of fs.readdirSync(assets)) precompress(path.join(assets, name));
  },
};

export default defineConfig({
  root: fileURLToPath(new URL(".", import.meta.url)),
  base: "/admin/",
  publicDir: false,
  plugins: [precompressAssets],
  resolve: { alias: { "@contracts": fileURLToPath(new URL("../contracts", import.meta.url)) } },
  build: {
    outDir: fileURLToPath(new URL("../build/admin", import.meta.url)),
    emptyOutDir: true,
    // The console's CSP has no 'unsafe-inline': no inlined assets, no inline module preload helper.
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
    target: "es2022",
  },
});
