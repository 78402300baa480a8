import fs from "node:fs";
import path from "node:path";
import type { PageBoot } from "./post-render";

/** Where postbuild writes what the pages start after their first paint, beside the client build. */
export const pageBootFile = (clientDir: string) => path.join(clientDir, "..", "page-boot.json");

export function readPageBoot(clientDir: string): PageBoot {
  return JSON.parse(fs.readFileSync(pageBootFile(clientDir), "utf8")) as PageBoot;
}
