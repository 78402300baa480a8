/**
 * Builds the server's renderer of the careers pages (app/components/careers/pages.server.tsx)
 * into build/careers/pages.js, as vite.form-answers.config.ts builds the form answers: the server
 * imports this build output, never app/ source. React and React Router are bundled in, in their
 * production builds. The site's address is the build's, as the prerendered pages have it, so
 * canonical links and JSON-LD render the same on the server as in the browser that hydrates them.
 */
import { defineConfig } from "vite";
import { alias } from "./vite.config";

export default defineConfig({
  resolve: { alias },
  logLevel: "warn",
  define: {
    "process.env.NODE_ENV": JSON.stringify("production"),
    "process.env.SITE_URL": process.env.SITE_URL === undefined ? "undefined" : JSON.stringify(process.env.SITE_URL),
  },
  ssr: { noExternal: true, resolve: { conditions: ["node", "production", "import", "default"] } },
  build: {
    ssr: "app/components/careers/pages.server.tsx",
    outDir: "build/careers",
    emptyOutDir: true,
    copyPublicDir: false,
    target: "node20",
    rollupOptions: { output: { entryFileNames: "pages.js" } },
  },
});
