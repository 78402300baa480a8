/**
 * `npm run bench:images`: how long the server takes to turn one 12-megapixel camera JPEG (4000 ×
 * 3000, EXIF with GPS, orientation 6) into what it stores: the check by content, the upright sRGB
 * decode, the master and the 18 AVIF and WebP variants (server/images/, decision 063). The photo
 * is made here (noise softened to a photograph's detail, so the encoders work as on a real one).
 * Prints each step's wall time, the CPU time per image (which a busy machine does not inflate),
 * the bytes, and the machine's load average.
 * BENCH_RUNS (default 3) repeats it and reports the median.
 */
import os from "node:os";
import sharp from "sharp";
import { checkImage } from "../server/images/image-type";
import { decodeUpload, encodeMaster, makeVariants } from "../server/images/variants";

const runs = Number(process.env.BENCH_RUNS ?? 3);

const photo = await sharp({
  create: {
    width: 4000,
    height: 3000,
    channels: 3,
    background: "#6a7f91",
    noise: { type: "gaussian", mean: 120, sigma: 45 },
  },
})
  .blur(2)
  .jpeg({ quality: 90 })
  .withExif({ IFD3: { GPSLatitudeRef: "S", GPSLatitude: "33/1 52/1 0/1" } })
  .withMetadata({ orientation: 6 })
  .toBuffer();

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const times: Record<"check" | "decode" | "master" | "variants" | "total", number[]> = {
  check: [],
  decode: [],
  master: [],
  variants: [],
  total: [],
};
let stored = 0;
const loadBefore = os.loadavg()[0]!;
// CPU time of all threads (libvips encodes off the main thread): the figure a busy machine does not inflate.
const cpuBefore = process.cpuUsage();
for (let run = 0; run < runs; run++) {
  const t0 = performance.now();
  const check = await checkImage(photo);
  if (!check.ok) throw new Error(check.reason);
  const t1 = performance.now();
  const pixels = await decodeUpload(photo);
  const t2 = performance.now();
  const master = await encodeMaster(pixels);
  const t3 = performance.now();
  const variants = await makeVariants(pixels, { x: 0.5, y: 0.5 });
  const t4 = performance.now();
  times.check.push(t1 - t0);
  times.decode.push(t2 - t1);
  times.master.push(t3 - t2);
  times.variants.push(t4 - t3);
  times.total.push(t4 - t0);
  stored = master.length + variants.reduce((sum, v) => sum + v.content.length, 0);
}
console.log(`12 MP JPEG, ${(photo.length / 1e6).toFixed(1)} MB, ${runs} runs, ${os.availableParallelism()} cores`);
for (const [step, xs] of Object.entries(times)) console.log(`${step.padEnd(9)} median ${Math.round(median(xs))} ms`);
const cpu = process.cpuUsage(cpuBefore);
console.log(
  `cpu       ${Math.round((cpu.user + cpu.system) / 1000 / runs)} ms per image (user and system, all threads)`,
);
console.log(`stored    ${(stored / 1e6).toFixed(2)} MB (master and variants)`);
console.log(`load average ${loadBefore.toFixed(1)} before, ${os.loadavg()[0]!.toFixed(1)} after (1 min)`);
