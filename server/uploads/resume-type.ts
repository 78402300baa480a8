/**
 * Decides what an uploaded resume is from its bytes alone (never its name or declared type):
 * a PDF, a Word 97-2003 document (OLE2 compound file holding a WordDocument stream) or a Word
 * document (a ZIP package with word/document.xml). A ZIP package is refused on its declared sizes
 * first, then inflated under a cap with its real sizes and CRCs checked (zip-package.ts), so a
 * directory that lies about its sizes is caught as well.
 */
import { checkZipPackage } from "./zip-package";

export type ResumeType = "pdf" | "doc" | "docx";

export type SniffResult = { ok: true; type: ResumeType } | { ok: false; reason: string };

const OLE2 = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const WORD_STREAM = Buffer.from("WordDocument", "utf16le");
/** A real resume never inflates to more than this; larger claims or contents are refused as bombs. */
const MAX_UNCOMPRESSED = 50 * 1024 * 1024;
const MAX_RATIO = 200;

export async function sniffResume(bytes: Buffer): Promise<SniffResult> {
  if (bytes.length === 0) return { ok: false, reason: "empty file" };
  if (bytes.subarray(0, 5).toString("latin1") === "%PDF-") return { ok: true, type: "pdf" };
  if (bytes.subarray(0, 8).equals(OLE2)) {
    return bytes.includes(WORD_STREAM)
      ? { ok: true, type: "doc" }
      : { ok: false, reason: "OLE2 file that is not Word" };
  }
  if (bytes.length >= 22 && bytes.readUInt32LE(0) === 0x04034b50) return sniffZip(bytes);
  return { ok: false, reason: "not a PDF or Word document" };
}

async function sniffZip(bytes: Buffer): Promise<SniffResult> {
  const zip = await checkZipPackage(bytes, { maxUncompressed: MAX_UNCOMPRESSED, maxRatio: MAX_RATIO });
  if (!zip.ok) return zip;
  if (zip.names.has("[Content_Types].xml") && zip.names.has("word/document.xml")) return { ok: true, type: "docx" };
  return { ok: false, reason: "ZIP that is not a Word document" };
}

/** The original file name as metadata only: no folders, control or bidi characters, at most 150 characters. */
export function sanitizeFileName(name: string | undefined): string {
  const base = (name ?? "").split(/[\\/]/).pop() ?? "";
  const cleaned = base
    .normalize("NFC")
    // eslint-disable-next-line no-control-regex -- stripping control characters is the point
    .replace(/[\u0000-\u001f\u007f\u200b-\u200f\u202a-\u202e\u2066-\u2069"<>:|?*]/g, "")
    .replace(/^\.+/, "")
    .trim();
  if (!cleaned) return "resume";
  if (cleaned.length <= 150) return cleaned;
  const dot = cleaned.lastIndexOf(".");
  const ext = dot > 0 && cleaned.length - dot <= 10 ? cleaned.slice(dot) : "";
  return cleaned.slice(0, 150 - ext.length) + ext;
}
