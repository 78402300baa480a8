/**
 * mammoth's DOCX-to-HTML conversion, run in a worker thread under a heap cap and a time limit.
 * An upload passes the ZIP check with up to 50 MB inflated (resume-type.ts), and mammoth holds a
 * document many times its XML's size: a 19 KB resume of 100,000 one-letter paragraphs took 834 MB
 * and 10 s on the server's own thread, so a few of them, opened in the viewer, stopped or killed
 * the whole server. In a worker, such a file costs at most `maxHeapMb` and `timeoutMs`, then the
 * worker is ended and the viewer says to download the file.
 *
 * The worker's code is a string (eval), not a file of its own: the server is bundled into one file
 * for production (scripts/build-server.ts) and runs from source under tests, and a string works
 * in both. mammoth is loaded in the worker by the path this module resolves.
 */
import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";

export interface ConversionLimits {
  /** The worker's heap (old generation), in MB. */
  maxHeapMb: number;
  /** The longest a conversion may take, in ms. */
  timeoutMs: number;
  /** The longest HTML kept, in characters (what the sanitiser then reads). */
  maxHtml: number;
}

/** Far above a real resume's needs (a 10-page one with pictures takes under 60 MB and 1 s). */
export const conversionLimits: ConversionLimits = { maxHeapMb: 192, timeoutMs: 8_000, maxHtml: 4_000_000 };

export type Conversion = { ok: true; html: string } | { ok: false; reason: "failed" | "too large" };

const mammothPath = createRequire(import.meta.url).resolve("mammoth");

// Plain JavaScript (CommonJS) run by the worker: external files off, only PNG, JPEG and GIF
// pictures embedded in the file are inlined (resume-viewer.ts drops anything else again).
const workerCode = `
const { parentPort, workerData } = require("node:worker_threads");
const mammoth = require(workerData.mammothPath);
const imageTypes = new Set(["image/png", "image/jpeg", "image/gif"]);
mammoth
  .convertToHtml(
    { buffer: Buffer.from(workerData.bytes) },
    {
      externalFileAccess: false,
      convertImage: mammoth.images.imgElement(async (image) => {
        if (!imageTypes.has(image.contentType)) return { src: "" };
        const data = await image.readAsBase64String().catch(() => undefined);
        return { src: data ? "data:" + image.contentType + ";base64," + data : "" };
      }),
    },
  )
  .then(
    (result) => parentPort.postMessage({ html: result.value }),
    () => parentPort.postMessage({ failed: true }),
  );
`;

/**
 * At most this many conversions at once (the server has two cores; each may take `maxHeapMb`):
 * recruiters opening several large resumes together wait their turn instead of multiplying it.
 */
const maxWorkers = 2;
let running = 0;
let peak = 0;
const waiting: (() => void)[] = [];

function acquire(): Promise<void> {
  if (running < maxWorkers) {
    running++;
    peak = Math.max(peak, running);
    return Promise.resolve();
  }
  return new Promise((resolve) => waiting.push(resolve));
}

/** A finished conversion hands its place to the next one waiting. */
function release() {
  const next = waiting.shift();
  if (next) next();
  else running--;
}

/** The most conversions that ran at once since the process started (for the test of the bound). */
export const conversionPeak = () => peak;

/** The DOCX's HTML as mammoth writes it (unsanitised), or why there is none. */
export async function convertDocx(bytes: Buffer, limits: ConversionLimits = conversionLimits): Promise<Conversion> {
  await acquire();
  try {
    return await convertInWorker(bytes, limits);
  } finally {
    release();
  }
}

function convertInWorker(bytes: Buffer, limits: ConversionLimits): Promise<Conversion> {
  return new Promise((resolve) => {
    const copy = new Uint8Array(bytes);
    const worker = new Worker(workerCode, {
      eval: true,
      workerData: { mammothPath, bytes: copy },
      transferList: [copy.buffer],
      resourceLimits: { maxOldGenerationSizeMb: limits.maxHeapMb, maxYoungGenerationSizeMb: 16 },
      stdout: true,
      stderr: true,
    });
    let settled = false;
    const settle = (answer: Conversion) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      resolve(answer);
    };
    const timer = setTimeout(() => settle({ ok: false, reason: "too large" }), limits.timeoutMs);
    worker.on("message", (message: { html?: string; failed?: true }) => {
      if (message.html === undefined) settle({ ok: false, reason: "failed" });
      else if (message.html.length > limits.maxHtml) settle({ ok: false, reason: "too large" });
      else settle({ ok: true, html: message.html });
    });
    // Out of memory ends the worker with an error (ERR_WORKER_OUT_OF_MEMORY); any other end too.
    worker.on("error", (err: NodeJS.ErrnoException) =>
      settle({ ok: false, reason: err.code === "ERR_WORKER_OUT_OF_MEMORY" ? "too large" : "failed" }),
    );
    worker.on("exit", () => settle({ ok: false, reason: "failed" }));
  });
}
