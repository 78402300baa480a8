import { reactRouter } from "@react-router/dev/vite";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

/** Import aliases, shared with vite.form-answers.config.ts. */
export const alias = {
  "~": fileURLToPath(new URL("./app", import.meta.url)),
  "@contracts": fileURLToPath(new URL("./contracts", import.meta.url)),
};

export default defineConfig({
  plugins: [reactRouter()],
  resolve: { alias },
  css: {
    preprocessorOptions: {
      // Bootstrap 5.3 still uses @import and global functions; its own deprecations are not ours to fix.
      scss: { quietDeps: true, silenceDeprecations: ["import", "global-builtin", "color-functions", "if-function"] },
    },
  },
});
