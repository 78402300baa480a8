import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { docx, pdf } from "../test-support/fixtures";
import { sanitizeFileName, sniffResume } from "./resume-type";

describe("sniffResume", () => {
  it("never throws on arbitrary bytes, including tiny files", async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 64 }), async (bytes) => {
        await expect(sniffResume(Buffer.from(bytes))).resolves.toHaveProperty("ok");
      }),
      { numRuns: 2000 },
    );
    expect(await sniffResume(Buffer.from([0x50, 0x4b, 0x03]))).toMatchObject({ ok: false });
  });

  it("never throws on a Word package with arbitrary bytes written over it", async () => {
    const word = docx();
    await fc.assert(
      fc.asyncProperty(fc.nat(word.length - 1), fc.uint8Array({ minLength: 1, maxLength: 8 }), async (at, patch) => {
        const damaged = Buffer.from(word);
        damaged.set(patch.subarray(0, word.length - at), at);
        await expect(sniffResume(damaged)).resolves.toHaveProperty("ok");
      }),
      { numRuns: 2000 },
    );
  });

  it("recognises PDF and DOCX by content", async () => {
    expect(await sniffResume(pdf())).toEqual({ ok: true, type: "pdf" });
    expect(await sniffResume(docx())).toEqual({ ok: true, type: "docx" });
  });

  it("keeps only a safe base name", () => {
    expect(sanitizeFileName("C:\\Users\\me\\cv.pdf")).toBe("cv.pdf");
    expect(sanitizeFileName("...")).toBe("resume");
  });
});
