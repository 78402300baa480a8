import path from "node:path";
import { pathToFileURL } from "node:url";

/** Where the build writes the careers renderer (vite.careers.config.ts), next to the client build. */
export function careersRendererFile(buildDir: string): string {
  return pathToFileURL(path.join(buildDir, "..", "careers", "pages.js")).href;
}
