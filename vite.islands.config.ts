/**
 * The islands build (docs/decisions/041-islands.md): the browser entry app/islands/entry.ts and
 * one chunk per island (app/islands/parts/), into build/client/assets beside React Router's
 * output, with a manifest postbuild reads to start each page's entry and preload its islands.
 *
 * The islands are the site's React components, hydrated by Preact's compatibility layer
 * (preact/compat, ~10 KB gzip with its hooks, against react-dom's client alone at ~68 KB): React
 * stays how every page is written and prerendered. "react-router" becomes app/islands/router-shim,
 * since there is no client router. ISLANDS_RUNTIME=react builds the same islands on React itself,
 * for the comparison in the decision record.
 */
import { fileURLToPath } from "node:url";
import { defineConfig, type Alias } from "vite";
import { measurementChunk } from "./scripts/measurement-chunk";
import { alias } from "./vite.config";

/** Where postbuild finds the manifest (inside build/client; postbuild removes it once read). */
export const islandsManifest = ".vite/islands-manifest.json";

const onPreact = process.env.ISLANDS_RUNTIME !== "react";
const exact = (name: string, to: string): Alias => ({ find: new RegExp(`^${name}$`), replacement: to });

export default defineConfig({
  resolve: {
    alias: [
      ...Object.entries(alias).map(([find, replacement]) => ({ find, replacement })),
      exact("react-router", fileURLToPath(new URL("./app/islands/router-shim.tsx", import.meta.url))),
      // The browser checks a phone number against the small metadata (country codes, lengths and
      // patterns); the server, on "max", checks it in full and answers any number that only "max"
      // refuses with the same field message (decision 031). Saves ~30 KB gzip of the form's code.
      exact("libphonenumber-js/max", "libphonenumber-js/min"),
      ...(onPreact
        ? [
            exact("react", "preact/compat"),
            exact("react-dom", "preact/compat"),
            exact("react-dom/client", "preact/compat/client"),
            exact("react/jsx-runtime", "preact/jsx-runtime"),
            exact("react/jsx-dev-runtime", "preact/jsx-runtime"),
          ]
        : []),
    ],
  },
  plugins: [measurementChunk()],
  logLevel: "warn",
  build: {
    outDir: "build/client",
    emptyOutDir: false,
    copyPublicDir: false,
    manifest: islandsManifest,
    rollupOptions: {
      input: { islands: "app/islands/entry.ts" },
      // The measurement chunk (scripts/measurement-chunk.ts) is an emitted chunk the page imports
      // by URL: its exports must survive (Vite's default drops an entry's exports).
      preserveEntrySignatures: "exports-only",
      output: {
        entryFileNames: "assets/[name]-[hash].js",
        // The measurement chunk keeps the name the main build gives it (collector-<hash>.js).
        chunkFileNames: (chunk) =>
          chunk.name === "collector" ? "assets/[name]-[hash].js" : "assets/island-[name]-[hash].js",
        assetFileNames: "assets/[name]-[hash][extname]",
      },
    },
  },
});
