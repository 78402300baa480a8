/**
 * Reads the islands build's manifest (vite.islands.config.ts) for postbuild: the entry every page
 * starts, its imports, and per island the chunks a page holding it preloads beside them (no import
 * waterfall). Form islands preload nothing: their code waits for the visitor. Every island's
 * chunks, forms' too, are listed again as the scripts whose class names its page's CSS keeps
 * (server/render/page-css.ts); the forms are named, since their rules can wait for their code
 * (server/render/later-css.ts). Written to
 * build/page-boot.json, which the post-render step reads at build and in the server.
 */
import fs from "node:fs";
import path from "node:path";
import { isFormIsland } from "../app/islands/names";
import type { PageBoot } from "../server/render/post-render";

interface Chunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}

const islandKey = /^app\/islands\/parts\/([\w-]+)\.tsx$/;

export function readIslandsManifest(buildDir: string, manifestFile: string): PageBoot {
  const file = path.join(buildDir, manifestFile);
  const manifest = JSON.parse(fs.readFileSync(file, "utf8")) as Record<string, Chunk>;
  const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  if (!entryKey) throw new Error(`islands manifest ${file}: no entry`);
  const url = (key: string) => `/${manifest[key]!.file}`;
  const closure = (key: string, into: Set<string>) => {
    if (into.has(key)) return into;
    into.add(key);
    for (const k of manifest[key]!.imports ?? []) closure(k, into);
    return into;
  };
  const base = closure(entryKey, new Set());
  const islands: Record<string, string[]> = {};
  const scripts: Record<string, string[]> = {};
  for (const key of Object.keys(manifest)) {
    const name = islandKey.exec(key)?.[1];
    if (!name) continue;
    scripts[name] = [...closure(key, new Set())].filter((k) => !base.has(k)).map(url);
    islands[name] = isFormIsland(name) ? [] : scripts[name];
  }
  const forms = Object.keys(scripts).filter(isFormIsland);
  return { entry: url(entryKey), base: [...base].map(url), islands, scripts, forms };
}
