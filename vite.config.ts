import { reactRouter } from "@react-router/dev/vite";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import { measurementChunk } from "./scripts/measurement-chunk";

/** Import aliases, shared with the islands build (vite.islands.config.ts). */
export const alias = {
  "~": fileURLToPath(new URL("./app", import.meta.url)),
  "@contracts": fileURLToPath(new URL("./contracts", import.meta.url)),
};

export default defineConfig({
  plugins: [reactRouter(), measurementChunk()],
  resolve: { alias },
  // The server bundle (build/server/site.js) the Fastify server renders the careers pages with
  // (docs/decisions/055): React and React Router bundled in their production builds (the server
  // runs without NODE_ENV, which would load React's development build), and the build's site
  // address baked in, so canonical links and JSON-LD are the prerendered pages' own.
  ssr: { noExternal: true, resolve: { conditions: ["node", "production", "import", "default"] } },
  environments: {
    ssr: {
      define: {
        "process.env.SITE_URL": process.env.SITE_URL === undefined ? "undefined" : JSON.stringify(process.env.SITE_URL),
      },
      // One file: the server loads it whole at start, so the lazy validator and spam proof need
      // no chunks of their own (without this, site.js is a facade over build/server/assets/).
      build: { rollupOptions: { output: { inlineDynamicImports: true } } },
    },
  },
  build: {
    rollupOptions: {
      // Each page's boot script preloads every module the page needs (the route manifest lists
      // them), so chunks need not repeat their dependencies' dependencies as bare imports: without
      // those lines a form page's route chunk stays one chunk instead of a re-exporting facade.
      output: { hoistTransitiveImports: false },
    },
  },
  css: {
    preprocessorOptions: {
      // Bootstrap 5.3 still uses @import and global functions; its own deprecations are not ours to fix.
      scss: { quietDeps: true, silenceDeprecations: ["import", "global-builtin", "color-functions", "if-function"] },
    },
  },
});
