import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { docx, pdf } from "../test-support/fixtures";
import { sanitizeFileName, sniffResume } from "./resume-type";

describe("sniffResume", () => {
  it("never throws on arbitrary bytes, including tiny files", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (bytes) => {
        expect(() => sniffResume(Buffer.from(bytes))).not.toThrow();
      }),
      { numRuns: 2000 },
    );
    expect(sniffResume(Buffer.from([0x50, 0x4b, 0x03]))).toMatchObject({ ok: false });
  });

  it("recognises PDF and DOCX by content", () => {
    expect(sniffResume(pdf())).toEqual({ ok: true, type: "pdf" });
    expect(sniffResume(docx())).toEqual({ ok: true, type: "docx" });
  });

  it("keeps only a safe base name", () => {
    expect(sanitizeFileName("C:\\Users\\me\\cv.pdf")).toBe("cv.pdf");
    expect(sanitizeFileName("...")).toBe("resume");
  });
});
