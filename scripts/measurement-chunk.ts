/**
 * Vite plugin: `import url from "virtual:collector-url"` gives the URL of the analytics chunk
 * (app/lib/analytics/collector.ts), emitted as a chunk of its own. The page then loads it with
 * a plain `import(url)`, which Vite leaves alone: a literal `import("./collector")` would be
 * wrapped in Vite's preloading helper, about 740 bytes gzip added to every page's initial
 * script for a chunk most visitors never load.
 */
import { fileURLToPath } from "node:url";
import type { Plugin } from "vite";

const id = "virtual:collector-url";
const resolved = `\0${id}`;
const collector = fileURLToPath(new URL("../app/lib/analytics/collector.ts", import.meta.url));

export function measurementChunk(): Plugin {
  let serving = false;
  return {
    name: "measurement-chunk",
    configResolved(config) {
      serving = config.command === "serve";
    },
    resolveId(source) {
      return source === id ? resolved : null;
    },
    load(loadId) {
      if (loadId !== resolved) return null;
      // The dev server serves source modules by path; the server-side build never runs the import.
      if (serving) return `export default ${JSON.stringify("/app/lib/analytics/collector.ts")};`;
      if (this.environment.name !== "client") return `export default "";`;
      const ref = this.emitFile({ type: "chunk", id: collector, name: "collector" });
      return `export default import.meta.ROLLUP_FILE_URL_${ref};`;
    },
  };
}
