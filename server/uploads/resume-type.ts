/**
 * Decides what an uploaded resume is from its bytes alone (never its name or declared type):
 * a PDF, a Word 97-2003 document (OLE2 compound file holding a WordDocument stream) or a Word
 * document (a ZIP package with word/document.xml). ZIP packages are judged from their central
 * directory without inflating anything, so a ZIP bomb costs nothing to refuse.
 */
export type ResumeType = "pdf" | "doc" | "docx";

export type SniffResult = { ok: true; type: ResumeType } | { ok: false; reason: string };

const OLE2 = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const WORD_STREAM = Buffer.from("WordDocument", "utf16le");
/** A real resume never inflates to more than this; larger claims are refused as bombs. */
const MAX_UNCOMPRESSED = 50 * 1024 * 1024;
const MAX_RATIO = 200;

export function sniffResume(bytes: Buffer): SniffResult {
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

function sniffZip(bytes: Buffer): SniffResult {
  // End of central directory: 22 bytes plus a comment of up to 65,535 bytes at the very end.
  const searchFrom = Math.max(0, bytes.length - 22 - 0xffff);
  let eocd = -1;
  for (let i = bytes.length - 22; i >= searchFrom; i--) {
    if (bytes.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return { ok: false, reason: "ZIP without a central directory" };
  const entries = bytes.readUInt16LE(eocd + 10);
  const dirSize = bytes.readUInt32LE(eocd + 12);
  const dirOffset = bytes.readUInt32LE(eocd + 16);
  if (dirOffset + dirSize > bytes.length) return { ok: false, reason: "truncated ZIP" };

  const names = new Set<string>();
  let uncompressed = 0;
  let compressed = 0;
  let p = dirOffset;
  for (let n = 0; n < entries; n++) {
    if (p + 46 > bytes.length || bytes.readUInt32LE(p) !== 0x02014b50) return { ok: false, reason: "corrupt ZIP" };
    compressed += bytes.readUInt32LE(p + 20);
    uncompressed += bytes.readUInt32LE(p + 24);
    const nameLength = bytes.readUInt16LE(p + 28);
    const extraLength = bytes.readUInt16LE(p + 30);
    const commentLength = bytes.readUInt16LE(p + 32);
    names.add(bytes.subarray(p + 46, p + 46 + nameLength).toString("utf8"));
    p += 46 + nameLength + extraLength + commentLength;
  }
  if (uncompressed > MAX_UNCOMPRESSED || (compressed > 0 && uncompressed / compressed > MAX_RATIO)) {
    return { ok: false, reason: "ZIP expands too much" };
  }
  if (names.has("[Content_Types].xml") && names.has("word/document.xml")) return { ok: true, type: "docx" };
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
