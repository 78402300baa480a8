/**
 * Hostile Word packages for the tests and the measurement, built in memory in milliseconds and
 * never committed: the bomb's DEFLATE stream is one self-contained piece of zeros (ended with a
 * full flush, so it is byte-aligned and refers to nothing before it) repeated, then an empty
 * final block. 1 GiB of zeros packs into about 1 MB, under the 5 MB upload limit.
 */
import zlib from "node:zlib";
import { zip } from "./fixtures";

const PIECE = 16 * 1024 * 1024;
/** An empty final block with fixed Huffman codes: BFINAL=1, BTYPE=01, end-of-block. */
const FINAL_EMPTY_BLOCK = Buffer.from([0x03, 0x00]);

/** A raw DEFLATE stream of `bytes` zeros (a multiple of 16 MiB). */
export function deflatedZeros(bytes: number): Buffer {
  if (bytes % PIECE !== 0) throw new Error(`deflatedZeros takes multiples of ${PIECE} bytes`);
  const piece = zlib.deflateRawSync(Buffer.alloc(PIECE), { level: 9, finishFlush: zlib.constants.Z_FULL_FLUSH });
  return Buffer.concat([...Array.from({ length: bytes / PIECE }, () => piece), FINAL_EMPTY_BLOCK]);
}

/** A DOCX whose word/document.xml declares `claimedSize` bytes but inflates to `realSize` zeros. */
export function lyingSizesDocx(realSize: number, claimedSize = 4096): Buffer {
  return zip([
    { name: "[Content_Types].xml", data: Buffer.from('<?xml version="1.0"?><Types/>') },
    {
      name: "word/document.xml",
      data: Buffer.alloc(0),
      packed: deflatedZeros(realSize),
      claimedSize,
      claimedCrc: zlib.crc32(Buffer.alloc(claimedSize)),
    },
  ]);
}
