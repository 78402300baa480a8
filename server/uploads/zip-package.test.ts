import fs from "node:fs";
import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { applicationForm, applicationMessages } from "../../contracts/index";
import { formCheck } from "../forms/check";
import { docx, validApplicationFields, zip } from "../test-support/fixtures";
import { deflatedZeros, lyingSizesDocx } from "../test-support/zip-bomb";
import { sniffResume } from "./resume-type";
import { checkZipPackage } from "./zip-package";

const GiB = 1024 ** 3;
const MiB = 1024 ** 2;
const limits = { maxUncompressed: 50 * MiB, maxRatio: 200 };

const contentTypes = { name: "[Content_Types].xml", data: Buffer.from('<?xml version="1.0"?><Types/>') };
const documentXml = (text: string) => ({
  name: "word/document.xml",
  data: Buffer.from(`<w:document><w:body><w:p><w:r><w:t>${text}</w:t></w:r></w:p></w:body></w:document>`),
});

const checkApplication = formCheck(applicationForm);

const resumeError = async (bytes: Buffer) => {
  const checked = await checkApplication(validApplicationFields, { name: "cv.docx", bytes });
  return checked.ok ? undefined : checked.errors.resume;
};

describe("a Word package is inflated under a cap, its real sizes and CRCs checked", () => {
  it("refuses a DOCX whose directory claims 4,096 bytes but which inflates to 1 GiB, with the form's resume message", async () => {
    const bomb = lyingSizesDocx(GiB, 4096);
    expect(bomb.length).toBeLessThan(5 * MiB); // it passes the upload limit: only the inflation check stops it
    expect(await resumeError(bomb)).toBe(applicationMessages.resume);
    expect(await sniffResume(bomb)).toEqual({ ok: false, reason: "ZIP entry larger than declared" });
  });

  it("stops inflating the lying DOCX within a few megabytes and well under a second", async () => {
    const bomb = lyingSizesDocx(GiB, 4096);
    const peakBefore = process.resourceUsage().maxRSS * 1024;
    const started = performance.now();
    expect((await sniffResume(bomb)).ok).toBe(false);
    const ms = performance.now() - started;
    const peakGrowth = process.resourceUsage().maxRSS * 1024 - peakBefore;
    // Inflating it whole would take a gigabyte and seconds; the cap stops it after 4 KiB plus one slice.
    expect(peakGrowth).toBeLessThan(16 * MiB);
    expect(ms).toBeLessThan(500);
  });

  it("refuses the same 1 GiB lie when the claim is just under the 50 MiB cap", async () => {
    expect(await sniffResume(lyingSizesDocx(GiB, 50 * MiB - 4096))).toEqual({
      ok: false,
      reason: "ZIP entry larger than declared",
    });
  });

  it("refuses the bomb with honest sizes from its directory alone", async () => {
    const claimsOneGiB = zip([
      contentTypes,
      { name: "word/document.xml", data: Buffer.alloc(0), packed: deflatedZeros(GiB), claimedSize: GiB },
    ]);
    expect(await checkZipPackage(claimsOneGiB, limits)).toEqual({ ok: false, reason: "ZIP expands too much" });
  });

  it("accepts an honest DOCX, deflated and stored entries alike", async () => {
    expect(await resumeError(docx())).toBeUndefined();
    const deflated = zip([contentTypes, documentXml("Senior backend engineer, Lisbon")]);
    // A writer may store small parts uncompressed (method 0), with honest sizes and CRC.
    const stored = storedZip([contentTypes, documentXml("Résumé of Zoë Almeida")]);
    expect(await sniffResume(deflated)).toEqual({ ok: true, type: "docx" });
    expect(await sniffResume(stored)).toEqual({ ok: true, type: "docx" });
  });

  // Made by real ZIP writers (tests/fixtures/uploads/README.md says how): Python's zipfile, plain
  // and streamed (data descriptors, ZIP64 local headers), and Info-ZIP, plain, with data
  // descriptors and with ZIP64 fields in the central directory; folders and a stored image inside.
  const writers = fs.readdirSync("tests/fixtures/uploads").filter((name) => name.endsWith(".docx"));

  it.each(writers)("accepts %s, as a real writer made it", async (name) => {
    expect(await sniffResume(fs.readFileSync(`tests/fixtures/uploads/${name}`))).toEqual({ ok: true, type: "docx" });
  });

  it("refuses a real writer's DOCX once one byte of its compressed text is changed", async () => {
    const bytes = fs.readFileSync("tests/fixtures/uploads/python-zipfile.docx");
    const at = bytes.indexOf("word/document.xml") + "word/document.xml".length + 10;
    bytes[at] = bytes[at]! ^ 0x55;
    expect((await sniffResume(bytes)).ok).toBe(false);
  });

  it("refuses an entry whose CRC does not match its contents", async () => {
    const entry = documentXml("Data engineer with six years of Spark");
    const damaged = zip([contentTypes, { ...entry, claimedCrc: (zlib.crc32(entry.data) ^ 1) >>> 0 }]);
    expect(await sniffResume(damaged)).toEqual({ ok: false, reason: "ZIP entry with a wrong CRC" });
    expect(await resumeError(damaged)).toBe(applicationMessages.resume);
  });

  it("refuses an entry that inflates to less than it declares", async () => {
    const entry = documentXml("Short");
    expect(await sniffResume(zip([contentTypes, { ...entry, claimedSize: entry.data.length + 1 }]))).toEqual({
      ok: false,
      reason: "ZIP entry smaller than declared",
    });
  });

  it("refuses a stored entry longer than it declares", async () => {
    const entry = documentXml("Stored and padded");
    const lying = storedZip([contentTypes, entry], entry.data.length - 10);
    expect((await sniffResume(lying)).ok).toBe(false);
  });

  it("refuses two entries of one name: a reader could see the other one", async () => {
    const twice = zip([contentTypes, documentXml("first"), documentXml("second")]);
    expect(await sniffResume(twice)).toEqual({ ok: false, reason: "ZIP with a repeated name" });
  });

  it("refuses a package whose local header names another file than its directory", async () => {
    const bytes = zip([contentTypes, documentXml("Site reliability engineer")]);
    // The local header's copy of the name comes first in the file: the directory's is the last one.
    const local = bytes.indexOf("word/document.xml");
    expect(local).toBeLessThan(bytes.lastIndexOf("word/document.xml"));
    bytes.write("word/document.xmm", local, "latin1");
    expect(await sniffResume(bytes)).toEqual({ ok: false, reason: "corrupt ZIP" });
  });

  // A third, distinct part: only the name itself can be why the package is refused.
  it.each(["word\\styles.xml", "../styles.xml", "/word/styles.xml", "C:/styles.xml"])(
    "refuses an entry named %s: a path a reader could resolve elsewhere",
    async (name) => {
      expect((await sniffResume(zip([contentTypes, documentXml("x"), { ...documentXml("y"), name }]))).ok).toBe(false);
    },
  );

  it("refuses corrupt DEFLATE data", async () => {
    const entry = documentXml("Platform engineer");
    const packed = Buffer.from(zlib.deflateRawSync(entry.data));
    packed.fill(0xff, 2, 8);
    expect((await sniffResume(zip([contentTypes, { ...entry, packed }]))).ok).toBe(false);
  });
});

/** A ZIP whose entries are stored (method 0); `claimLast` forges the last entry's declared size. */
function storedZip(entries: { name: string; data: Buffer }[], claimLast?: number): Buffer {
  const packedZip = zip(entries.map((e) => ({ ...e, packed: e.data })));
  // The fixture writes method 8 at fixed offsets of each header: rewrite it to 0 (stored).
  const out = Buffer.from(packedZip);
  for (let i = 0; i + 4 <= out.length; i++) {
    const sig = out.readUInt32LE(i);
    if (sig === 0x04034b50) out.writeUInt16LE(0, i + 8);
    if (sig === 0x02014b50) out.writeUInt16LE(0, i + 10);
  }
  if (claimLast !== undefined) {
    let lastCentral = -1;
    for (let i = 0; i + 4 <= out.length; i++) if (out.readUInt32LE(i) === 0x02014b50) lastCentral = i;
    out.writeUInt32LE(claimLast, lastCentral + 24);
  }
  return out;
}
