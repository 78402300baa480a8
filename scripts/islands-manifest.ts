/**
 * Reads the islands build's manifest (vite.islands.config.ts) for postbuild: the entry every page
 * starts, and the chunks a page's shell islands need, so that the page preloads them beside the
 * entry (no import waterfall). Form islands are left out: their code waits for the visitor.
 */
import fs from "node:fs";
import path from "node:path";
import { isFormIsland } from "../app/islands/names";

interface Chunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}

export interface IslandsBoot {
  /** The entry's URL. */
  entry: string;
  /** The URLs a page with these islands preloads: the entry, its imports and its shell islands' chunks. */
  preloadFor(islands: readonly string[]): string[];
}

export function islandsOfPage(html: string): string[] {
  return [...new Set([...html.matchAll(/<div data-island="([\w-]+)"/g)].map((m) => m[1]!))];
}

export function readIslandsManifest(buildDir: string, manifestFile: string): IslandsBoot {
  const file = path.join(buildDir, manifestFile);
  const manifest = JSON.parse(fs.readFileSync(file, "utf8")) as Record<string, Chunk>;
  const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  if (!entryKey) throw new Error(`islands manifest ${file}: no entry`);
  const url = (key: string) => `/${manifest[key]!.file}`;
  const closure = (key: string, into: Set<string>) => {
    if (into.has(key)) return;
    into.add(key);
    for (const k of manifest[key]!.imports ?? []) closure(k, into);
  };
  return {
    entry: url(entryKey),
    preloadFor(islands) {
      const keys = new Set<string>();
      closure(entryKey, keys);
      for (const name of islands) {
        if (isFormIsland(name)) continue;
        const key = `app/islands/parts/${name}.tsx`;
        if (!manifest[key]) throw new Error(`islands manifest: no chunk for the island "${name}"`);
        closure(key, keys);
      }
      return [...keys].map(url);
    },
  };
}
