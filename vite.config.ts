import { reactRouter } from "@react-router/dev/vite";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import { measurementChunk } from "./scripts/measurement-chunk";

export default defineConfig({
  plugins: [reactRouter(), measurementChunk()],
  resolve: {
    alias: {
      "~": fileURLToPath(new URL("./app", import.meta.url)),
      "@contracts": fileURLToPath(new URL("./contracts", import.meta.url)),
    },
  },
  css: {
    preprocessorOptions: {
      // Bootstrap 5.3 still uses @import and global functions; its own deprecations are not ours to fix.
      scss: { quietDeps: true, silenceDeprecations: ["import", "global-builtin", "color-functions", "if-function"] },
    },
  },
});
