/**
 * Addresses a redirect may not start from (decision 062): what another part of the server
 * answers (the console, the API, the careers pages HR publishes, the health and metrics
 * endpoints) and, for a redirect a person adds, what the built site serves: its pages, feeds,
 * old-address aliases, stand-in 404 pages and every file of the build (assets, images, robots.txt).
 * The 301 step runs before all of the site's own answers, so a redirect from one of them would
 * hide it.
 */
import fs from "node:fs";
import path from "node:path";
import { careerPath } from "../../contracts/careers/roles";
import { readSiteManifest, siteManifestFile } from "../site-manifest";

/** Answered by other plugins than the site's: never a redirect's `from`, whoever adds it. */
const othersPrefixes = ["/admin", "/api", careerPath, "/healthz", "/readyz", "/metrics"];

export function isServedByOthers(from: string): boolean {
  return from === "/" || othersPrefixes.some((prefix) => from === prefix || from.startsWith(`${prefix}/`));
}

/**
 * The built site's own addresses, read from its manifest and its folder when asked (a build
 * may be replaced under a running server); nothing when there is no build (the API alone).
 */
export function sitePagesOf(buildDir: string): (path: string) => boolean {
  return (from) => {
    if (!fs.existsSync(siteManifestFile(buildDir))) return false;
    const manifest = readSiteManifest(buildDir);
    const own = new Set([
      ...manifest.pages,
      ...manifest.feeds,
      ...manifest.redirects.map((r) => r.from),
      manifest.notFound,
      ...manifest.notFoundUnder.map((s) => s.page),
    ]);
    // A page in other letter case is answered by the site too: a 301 to the page's own spelling.
    if (own.has(from) || own.has(from.toLowerCase())) return true;
    // A file of the build (the path has the site's shape: no "..", checked before this is asked).
    const file = path.join(buildDir, from);
    return file.startsWith(buildDir + path.sep) && fs.existsSync(file);
  };
}
