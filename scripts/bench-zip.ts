/**
 * `npx tsx scripts/bench-zip.ts`: what checking a DOCX costs. Each case runs in a fresh child
 * process, so the peak resident set it reports is that check's own: the file is built in memory
 * (never committed), the peak RSS noted, the file sniffed once as an upload is, and the time and
 * the growth of peak RSS printed.
 */
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { docx, zip } from "../server/test-support/fixtures";
import { lyingSizesDocx } from "../server/test-support/zip-bomb";
import { sniffResume } from "../server/uploads/resume-type";

const MiB = 1024 ** 2;
const GiB = 1024 ** 3;

/** A long honest resume: 20 MiB of WordprocessingML text, a DOCX of about 1.3 MB. */
function longHonestDocx(): Buffer {
  const paragraphs = Array.from(
    { length: 250_000 },
    (_, i) =>
      `<w:p><w:r><w:t>Project ${i}: moved service ${i % 97} to Kubernetes, cut cost by ${i % 40}%</w:t></w:r></w:p>`,
  );
  return zip([
    { name: "[Content_Types].xml", data: Buffer.from('<?xml version="1.0"?><Types/>') },
    {
      name: "word/document.xml",
      data: Buffer.from(`<w:document><w:body>${paragraphs.join("")}</w:body></w:document>`),
    },
  ]);
}

const cases: Record<string, { label: string; build: () => Buffer }> = {
  lying4k: { label: "lying DOCX: directory says 4 KiB, inflates to 1 GiB", build: () => lyingSizesDocx(GiB, 4096) },
  lyingCap: {
    label: "lying DOCX: directory says 50 MiB - 4 KiB (just under the cap), inflates to 1 GiB",
    build: () => lyingSizesDocx(GiB, 50 * MiB - 4096),
  },
  honestSmall: { label: "honest small DOCX", build: docx },
  honestLong: { label: "honest long DOCX (20 MiB of text inside)", build: longHonestDocx },
};

const which = process.argv[2] ? cases[process.argv[2]] : undefined;
if (which) {
  const bytes = which.build();
  const peakBefore = process.resourceUsage().maxRSS * 1024;
  const started = performance.now();
  const result = await sniffResume(bytes);
  const ms = performance.now() - started;
  const peakGrowth = process.resourceUsage().maxRSS * 1024 - peakBefore;
  const verdict = result.ok ? "accepted" : `refused (${result.reason})`;
  console.log(
    `${which.label}: ${(bytes.length / MiB).toFixed(2)} MB file, ${verdict}, ` +
      `${ms.toFixed(0)} ms, peak RSS +${(peakGrowth / MiB).toFixed(1)} MiB`,
  );
} else {
  const self = fileURLToPath(import.meta.url);
  for (const name of Object.keys(cases)) {
    process.stdout.write(execFileSync(process.execPath, [...process.execArgv, self, name], { encoding: "utf8" }));
  }
}
