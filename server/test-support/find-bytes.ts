/** The privacy suite's check that erased data left no copy: raw bytes of every file under a folder. */
import fs from "node:fs";
import path from "node:path";

/** Every file under `dir`, recursively. */
export function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? filesUnder(path.join(dir, e.name)) : [path.join(dir, e.name)]));
}

/** Which of `needles` appear in the raw bytes of which file under `dir`. */
export function findBytes(dir: string, needles: string[]): string[] {
  const hits: string[] = [];
  for (const file of filesUnder(dir)) {
    const bytes = fs.readFileSync(file);
    for (const needle of needles) {
      if (bytes.includes(Buffer.from(needle, "utf8"))) hits.push(`${path.relative(dir, file)}: ${needle}`);
    }
  }
  return hits;
}
