import type { Config } from "@react-router/dev/config";
import { prerenderedFiles } from "./app/site/prerender";

export default {
  // Every page is static HTML made at build time; the Fastify server serves files and the API, and
  // renders the careers pages into their prerendered templates (docs/decisions/032).
  ssr: false,
  prerender: prerenderedFiles,
} satisfies Config;
