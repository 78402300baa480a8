/**
 * Reads a ZIP package (DOCX and the other Office Open XML types) as a reader would, without
 * trusting what it says about itself: every entry is inflated under a byte cap, and its real
 * size and CRC-32 must match the central directory. A directory that claims 4,096 bytes over
 * data that inflates to 1 GiB is refused after the first few kilobytes past the claim.
 *
 * Inflation is Node's own zlib as a stream: each inflated chunk is counted, checksummed with
 * `zlib.crc32` and dropped, so the check holds one chunk at a time whatever the file claims, and
 * the work stops at the declared size (at most the cap). Why not fflate: docs/decisions/021.
 */
import zlib from "node:zlib";

export type ZipCheck = { ok: true; names: Set<string> } | { ok: false; reason: string };

export interface ZipLimits {
  /** The most all entries together may inflate to. */
  maxUncompressed: number;
  /** The most the declared sizes together may be, as a multiple of the compressed sizes. */
  maxRatio: number;
}

/** Inflated bytes per chunk: the most the check holds of an entry at a time. */
const CHUNK = 64 * 1024;
const LOCAL_HEADER = 0x04034b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_DIRECTORY = 0x06054b50;
const ZIP64_END_OF_DIRECTORY = 0x06064b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_EXTRA = 0x0001;
/** A 32-bit field saying "see the ZIP64 record": some writers use ZIP64 even for small files. */
const ZIP64 = 0xffffffff;
const STORED = 0;
const DEFLATED = 8;

interface Entry {
  name: string;
  method: number;
  crc: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

export async function checkZipPackage(bytes: Buffer, limits: ZipLimits): Promise<ZipCheck> {
  const directory = readDirectorySafely(bytes);
  if (!directory.ok) return directory;
  const { entries, dirOffset } = directory;

  // Cheap refusals first, from the declared sizes: an honest bomb costs nothing.
  const declared = entries.reduce((sum, e) => sum + e.size, 0);
  const packed = entries.reduce((sum, e) => sum + e.compressedSize, 0);
  if (declared > limits.maxUncompressed || (packed > 0 && declared / packed > limits.maxRatio)) {
    return { ok: false, reason: "ZIP expands too much" };
  }

  // Then the real sizes: each entry must inflate to exactly what it declared, never more.
  for (const entry of entries) {
    const data = entryData(bytes, entry, dirOffset);
    if (!data) return { ok: false, reason: "corrupt ZIP" };
    const real = entry.method === STORED ? storedEntry(data, entry) : await inflateEntry(data, entry);
    if (!real.ok) return real;
  }
  return { ok: true, names: new Set(entries.map((e) => e.name)) };
}

type Directory = { ok: true; entries: Entry[]; dirOffset: number } | { ok: false; reason: string };

/** A read past the end of a damaged file throws RangeError: that file is corrupt, not a crash. */
function readDirectorySafely(bytes: Buffer): Directory {
  try {
    return readCentralDirectory(bytes);
  } catch (error) {
    if (error instanceof RangeError) return { ok: false, reason: "corrupt ZIP" };
    throw error;
  }
}

/** A 64-bit little-endian size or offset; past 2^53 it cannot be real here, so it is Infinity. */
function readU64(bytes: Buffer, at: number): number {
  const value = bytes.readBigUInt64LE(at);
  return value > BigInt(Number.MAX_SAFE_INTEGER) ? Infinity : Number(value);
}

function readCentralDirectory(bytes: Buffer): Directory {
  if (bytes.length < 22) return { ok: false, reason: "truncated ZIP" };
  // End of central directory: 22 bytes plus a comment of up to 65,535 bytes at the very end.
  const searchFrom = Math.max(0, bytes.length - 22 - 0xffff);
  let eocd = -1;
  for (let i = bytes.length - 22; i >= searchFrom; i--) {
    if (bytes.readUInt32LE(i) === END_OF_DIRECTORY) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return { ok: false, reason: "ZIP without a central directory" };
  let count = bytes.readUInt16LE(eocd + 10);
  let dirSize = bytes.readUInt32LE(eocd + 12);
  let dirOffset = bytes.readUInt32LE(eocd + 16);
  // The directory ends where the end records begin: the ZIP64 one, if the locator points to one.
  let dirEnd = eocd;
  if (eocd >= 20 && bytes.readUInt32LE(eocd - 20) === ZIP64_LOCATOR) {
    const record = readU64(bytes, eocd - 12);
    if (record + 56 > eocd - 20 || bytes.readUInt32LE(record) !== ZIP64_END_OF_DIRECTORY) {
      return { ok: false, reason: "corrupt ZIP" };
    }
    count = readU64(bytes, record + 32);
    dirSize = readU64(bytes, record + 40);
    dirOffset = readU64(bytes, record + 48);
    dirEnd = record;
  } else if (count === 0xffff || dirSize === ZIP64 || dirOffset === ZIP64) {
    return { ok: false, reason: "corrupt ZIP" };
  }
  if (dirOffset + dirSize > dirEnd) return { ok: false, reason: "truncated ZIP" };

  const entries: Entry[] = [];
  const names = new Set<string>();
  let p = dirOffset;
  for (let n = 0; n < count; n++) {
    if (p + 46 > dirEnd || bytes.readUInt32LE(p) !== CENTRAL_HEADER) return { ok: false, reason: "corrupt ZIP" };
    const flags = bytes.readUInt16LE(p + 8);
    const nameLength = bytes.readUInt16LE(p + 28);
    const extraLength = bytes.readUInt16LE(p + 30);
    const entry: Entry = {
      name: bytes.subarray(p + 46, p + 46 + nameLength).toString("utf8"),
      method: bytes.readUInt16LE(p + 10),
      crc: bytes.readUInt32LE(p + 16),
      compressedSize: bytes.readUInt32LE(p + 20),
      size: bytes.readUInt32LE(p + 24),
      localOffset: bytes.readUInt32LE(p + 42),
    };
    if (flags & 1) return { ok: false, reason: "encrypted ZIP" };
    if (entry.method !== STORED && entry.method !== DEFLATED) return { ok: false, reason: "unknown ZIP compression" };
    if (!readZip64Extra(bytes.subarray(p + 46 + nameLength, p + 46 + nameLength + extraLength), entry)) {
      return { ok: false, reason: "corrupt ZIP" };
    }
    // Two entries of one name could show a reader one and this check the other.
    if (names.has(entry.name)) return { ok: false, reason: "ZIP with a repeated name" };
    names.add(entry.name);
    entries.push(entry);
    p += 46 + nameLength + extraLength + bytes.readUInt16LE(p + 32);
  }
  return { ok: true, entries, dirOffset };
}

/**
 * Fills in the sizes and offset an entry marks as 0xFFFFFFFF from its ZIP64 extra field, which
 * holds them in this order (APPNOTE 4.5.3). False when a marked field has no value there.
 */
function readZip64Extra(extra: Buffer, entry: Entry): boolean {
  const fields = (["size", "compressedSize", "localOffset"] as const).filter((f) => entry[f] === ZIP64);
  if (fields.length === 0) return true;
  for (let at = 0; at + 4 <= extra.length; at += 4 + extra.readUInt16LE(at + 2)) {
    if (extra.readUInt16LE(at) !== ZIP64_EXTRA) continue;
    const length = extra.readUInt16LE(at + 2);
    if (length < fields.length * 8 || at + 4 + length > extra.length) return false;
    fields.forEach((field, i) => (entry[field] = readU64(extra, at + 4 + i * 8)));
    return true;
  }
  return false;
}

/** The entry's compressed bytes, found through its local header, which must name the same file. */
function entryData(bytes: Buffer, entry: Entry, dirOffset: number): Buffer | undefined {
  const at = entry.localOffset;
  if (at + 30 > dirOffset || bytes.readUInt32LE(at) !== LOCAL_HEADER) return undefined;
  const nameLength = bytes.readUInt16LE(at + 26);
  const start = at + 30 + nameLength + bytes.readUInt16LE(at + 28);
  const end = start + entry.compressedSize;
  if (end > dirOffset) return undefined;
  if (bytes.subarray(at + 30, at + 30 + nameLength).toString("utf8") !== entry.name) return undefined;
  return bytes.subarray(start, end);
}

type EntryCheck = { ok: true } | { ok: false; reason: string };

function storedEntry(data: Buffer, entry: Entry): EntryCheck {
  if (data.length !== entry.size) return { ok: false, reason: "ZIP entry larger than declared" };
  return zlib.crc32(data) === entry.crc ? { ok: true } : { ok: false, reason: "ZIP entry with a wrong CRC" };
}

/**
 * Inflates one entry through Node's zlib stream, counting and checksumming each chunk as it comes
 * and dropping it: memory stays at one chunk, the event loop stays free, and the stream is
 * destroyed as soon as the output passes the declared size.
 */
function inflateEntry(data: Buffer, entry: Entry): Promise<EntryCheck> {
  return new Promise((resolve) => {
    let size = 0;
    let crc = 0;
    let settled = false;
    const inflater = zlib.createInflateRaw({ chunkSize: CHUNK });
    const settle = (result: EntryCheck) => {
      if (settled) return;
      settled = true;
      inflater.destroy();
      resolve(result);
    };
    inflater.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > entry.size) return settle({ ok: false, reason: "ZIP entry larger than declared" });
      crc = zlib.crc32(chunk, crc);
    });
    inflater.on("error", () => settle({ ok: false, reason: "corrupt ZIP" }));
    inflater.on("end", () => {
      if (size !== entry.size) return settle({ ok: false, reason: "ZIP entry smaller than declared" });
      settle(crc === entry.crc ? { ok: true } : { ok: false, reason: "ZIP entry with a wrong CRC" });
    });
    inflater.end(data);
  });
}
