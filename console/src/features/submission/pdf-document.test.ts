/**
 * The console's PDF reader (pdf-document.ts, decision 076) over a hostile resume, in node with
 * pdf.js's worker in this thread, so that what it evaluates and fetches can be seen. In Chromium
 * the console's CSP would refuse an eval anyway (tests/console/board.spec.ts sees no refusal); here
 * nothing refuses, so this is where `isEvalSupported: false` itself is held: the file's PostScript
 * colour is interpreted, never compiled with `new Function`. The page is drawn on a real canvas
 * (@napi-rs/canvas, pdf.js's own for node) and its accented text comes out as Unicode. The CSP half
 * of the guard is held by tests/console/board.spec.ts (the worker runs from /admin/assets/).
 */
import { createCanvas, DOMMatrix, ImageData, Path2D } from "@napi-rs/canvas";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { hostilePdf, pdfName, pdfSecondPage } from "../../test-support/hostile-pdf";
import type { openPdf as OpenPdf } from "./pdf-document";

// The same pdf.js, as built for node (its "legacy" build adds what node 24 lacks, such as
// Uint8Array's toHex); the console's bundle has the modern one.
vi.mock("pdfjs-dist", () => import("pdfjs-dist/legacy/build/pdf.mjs"));
// A name, not a literal: the worker's module has no type declarations, and none are needed.
const legacyWorker = "pdfjs-dist/legacy/build/pdf.worker.mjs";

describe("the console's PDF reader, over a hostile resume", () => {
  const RealFunction = globalThis.Function;
  const realFetch = globalThis.fetch;
  const compiled: string[] = [];
  const fetched: string[] = [];
  let openPdf: typeof OpenPdf;

  beforeAll(async () => {
    // What a browser has and node lacks, from the canvas pdf.js itself uses in node; and pdf.js
    // runs its worker's code in this thread when it finds it here (its "fake worker").
    Object.assign(globalThis, {
      DOMMatrix,
      ImageData,
      Path2D,
      pdfjsWorker: await import(/* @vite-ignore */ legacyWorker),
    });
    ({ openPdf } = await import("./pdf-document"));
    const record = (args: unknown[]) => compiled.push(String(args.at(-1)));
    globalThis.Function = new Proxy(RealFunction, {
      construct: (target, args) => (record(args), Reflect.construct(target, args)),
      apply: (target, self, args) => (record(args), Reflect.apply(target, self, args)),
    });
    globalThis.fetch = (input: RequestInfo | URL) => {
      fetched.push(String(input));
      return Promise.reject(new Error("no fetching here"));
    };
  });
  afterAll(() => {
    globalThis.Function = RealFunction;
    globalThis.fetch = realFetch;
  });

  it("draws page 1, with its PostScript colour, without compiling code; reads both pages' text; fetches nothing", async () => {
    const bytes = await hostilePdf();
    const doc = await openPdf(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length) as ArrayBuffer);
    expect(doc.pages).toBe(2);
    const canvas = createCanvas(1, 1);
    await doc.draw(1, canvas as unknown as HTMLCanvasElement, 300).done;
    expect(canvas.width).toBe(300);
    // The band painted through the PostScript tint (0.4 grey) is on the canvas: the function ran.
    const { data } = canvas.getContext("2d").getImageData(0, 0, canvas.width, canvas.height);
    let band = 0;
    for (let i = 0; i < data.length; i += 4) if (Math.abs(data[i]! - 102) < 8 && data[i + 3]! > 200) band++;
    expect(band).toBeGreaterThan(100);
    expect(await doc.text(1)).toContain(pdfName);
    expect(await doc.text(2)).toBe(pdfSecondPage);
    await doc.close();
    expect(compiled).toEqual([]);
    expect(fetched).toEqual([]);
  });
});
