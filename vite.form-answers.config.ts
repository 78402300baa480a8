/**
 * Builds the server's renderer of form answers (app/components/forms/answers.server.tsx) into
 * build/form-answers/answers.js: the server imports this build output, never app/ source.
 * React and React Router are bundled in, in their production builds (the server runs without
 * NODE_ENV, which would otherwise load React's development build with its warnings).
 */
import { defineConfig } from "vite";
import { alias } from "./vite.config";

export default defineConfig({
  resolve: { alias },
  logLevel: "warn",
  define: { "process.env.NODE_ENV": JSON.stringify("production") },
  ssr: { noExternal: true, resolve: { conditions: ["node", "production", "import", "default"] } },
  build: {
    ssr: "app/components/forms/answers.server.tsx",
    outDir: "build/form-answers",
    emptyOutDir: true,
    copyPublicDir: false,
    target: "node20",
    rollupOptions: { output: { entryFileNames: "answers.js" } },
  },
});
