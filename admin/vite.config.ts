/**
 * The staff console's own bundle: built from admin/ into build/admin, served under /admin by
 * server/admin/console-files.ts. Nothing here is imported by the public site, so its bytes stay
 * out of the public pages' budget.
 */
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

export default defineConfig({
  root: fileURLToPath(new URL(".", import.meta.url)),
  base: "/admin/",
  publicDir: false,
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
