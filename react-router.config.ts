import type { Config } from "@react-router/dev/config";
import { prerenderedFiles } from "./app/site/prerender";

export default {
  // One renderer (docs/decisions/055): the pages of the list are prerendered to static files at
  // build; the careers pages are rendered per request by the Fastify server through this build's
  // server bundle (build/server/site.js), with the roles of the database in the load context.
  ssr: true,
  // Server tests need only the server bundle and the stylesheet (server/test-support/site-build.ts).
  prerender: process.env.SITE_PRERENDER === "none" ? false : prerenderedFiles,
  // build/server/index.js is the Fastify server (scripts/build-server.ts).
  serverBuildFile: "site.js",
  // Server tests build the site into a folder of their own (server/test-support/site-build.ts).
  buildDirectory: process.env.SITE_BUILD_DIR ?? "build",
} satisfies Config;
