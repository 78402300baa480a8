/**
 * Reads a ZIP package (DOCX and the other Office Open XML types) as a reader would, without
 * trusting what it says about itself: every entry is inflated under a byte cap, and its real
 * size and CRC-32 must match the central directory. A directory that claims 4,096 bytes over
 * data that inflates to 1 GiB is refused after the first few kilobytes past the claim.
 *
 * The ZIP structure (central directory, local headers, ZIP64, data descriptors) is read by
 * yauzl, which also stops an entry the moment it inflates past its declared size
 * (`validateEntrySizes`). yauzl does not check CRCs: each chunk it hands over is counted,
 * checksummed with `zlib.crc32` and dropped, so the check holds one chunk at a time whatever the
 * file claims. Why yauzl (and not fflate or hand-written parsing): docs/decisions/021.
 */
import zlib from "node:zlib";
import yauzl, { type Entry, type ZipFile } from "yauzl";

export type ZipCheck = { ok: true; names: Set<string> } | { ok: false; reason: string };

export interface ZipLimits {
  /** The most all entries together may inflate to. */
  maxUncompressed: number;
  /** The most the declared sizes together may be, as a multiple of the compressed sizes. */
  maxRatio: number;
}

const OPTIONS: yauzl.Options = {
  // Entries one at a time, when asked for: nothing is read ahead of the checks.
  lazyEntries: true,
  // An entry that inflates past (or short of) its declared size errors in the stream.
  validateEntrySizes: true,
  // Backslashes, absolute paths and ".." in a name are errors, not silently rewritten.
  strictFileNames: true,
  decodeStrings: true,
};
const STORED = 0;
const DEFLATED = 8;

/**
 * yauzl reports everything as an Error with a message; these are the ones the form's callers and
 * tests tell apart (its AssertByteCountStream and end-of-directory search). Any other is corrupt.
 */
const READER_REFUSALS: [RegExp, string][] = [
  [/^too many bytes in the stream/, "ZIP entry larger than declared"],
  [/^not enough bytes in the stream/, "ZIP entry smaller than declared"],
  [/^End of central directory record signature not found/, "ZIP without a central directory"],
];

type Refusal = { ok: false; reason: string };
const refuse = (reason: string): Refusal => ({ ok: false, reason });

export async function checkZipPackage(bytes: Buffer, limits: ZipLimits): Promise<ZipCheck> {
  let zipfile: ZipFile | undefined;
  try {
    zipfile = await yauzl.fromBufferPromise(bytes, OPTIONS);
    return await checkEntries(zipfile, limits);
  } catch (error) {
    if (!isReaderError(error)) throw error;
    return refuse(READER_REFUSALS.find(([pattern]) => pattern.test(error.message))?.[1] ?? "corrupt ZIP");
  } finally {
    zipfile?.close();
  }
}

/**
 * yauzl's refusals are plain Errors, zlib's are Errors with a code, and a read past the end of a
 * damaged field is a RangeError: those mean the file is bad. A TypeError is a bug here: rethrown.
 */
function isReaderError(error: unknown): error is Error {
  return error instanceof Error && (error.constructor === Error || error instanceof RangeError);
}

async function checkEntries(zipfile: ZipFile, limits: ZipLimits): Promise<ZipCheck> {
  const entries: Entry[] = [];
  const names = new Set<string>();
  const rawNames = new Set<string>();
  for await (const entry of zipfile.eachEntry()) {
    if (entry.isEncrypted()) return refuse("encrypted ZIP");
    if (entry.compressionMethod !== STORED && entry.compressionMethod !== DEFLATED) {
      return refuse("unknown ZIP compression");
    }
    // Two entries of one name could show a reader one and this check the other; the raw bytes
    // count too, since a reader may ignore the Unicode path field yauzl decodes the name from.
    const raw = entry.fileNameRaw.toString("latin1");
    if (names.has(entry.fileName) || rawNames.has(raw)) return refuse("ZIP with a repeated name");
    names.add(entry.fileName);
    rawNames.add(raw);
    entries.push(entry);
  }

  // Cheap refusals first, from the declared sizes: an honest bomb costs nothing.
  const declared = entries.reduce((sum, e) => sum + e.uncompressedSize, 0);
  const packed = entries.reduce((sum, e) => sum + e.compressedSize, 0);
  if (declared > limits.maxUncompressed || (packed > 0 && declared / packed > limits.maxRatio)) {
    return refuse("ZIP expands too much");
  }

  // Then the real bytes: each entry must inflate to exactly its declared size with its CRC.
  let total = 0;
  for (const entry of entries) {
    // The local header must name the same file: a reader that walks local headers sees that one.
    const local = await zipfile.readLocalFileHeaderPromise(entry);
    if (!local.fileName.equals(entry.fileNameRaw)) return refuse("corrupt ZIP");
    let crc = 0;
    for await (const chunk of (await zipfile.openReadStreamPromise(entry)) as AsyncIterable<Buffer>) {
      // Bounded by the declared sizes already; this holds even if a size check upstream did not.
      total += chunk.length;
      if (total > limits.maxUncompressed) return refuse("ZIP expands too much");
      crc = zlib.crc32(chunk, crc);
    }
    if (crc !== entry.crc32) return refuse("ZIP entry with a wrong CRC");
  }
  return { ok: true, names };
}
