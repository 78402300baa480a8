/** Images made for the image tests: small, so each test encodes in milliseconds, and real. */
import zlib from "node:zlib";
import sharp from "sharp";

/** A JPEG as a phone writes one: EXIF with the camera, a copyright and GPS, turned by orientation 6. */
export async function phoneJpeg(width = 600, height = 400): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: "#c33" } })
    .jpeg({ quality: 90 })
    .withExif({
      IFD0: { Make: "Altiva Test Camera", Copyright: "Taken at the Sydney office" },
      IFD3: {
        GPSLatitudeRef: "S",
        GPSLatitude: "33/1 52/1 0/1",
        GPSLongitudeRef: "E",
        GPSLongitude: "151/1 12/1 0/1",
      },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

/** Whether EXIF holds a GPS IFD pointer (tag 0x8825, type LONG, in either byte order). */
export function hasGpsIfd(exif: Buffer | undefined): boolean {
  if (!exif) return false;
  return exif.includes(Buffer.from([0x25, 0x88, 0x04, 0x00])) || exif.includes(Buffer.from([0x88, 0x25, 0x00, 0x04]));
}

/** A PNG: left half red, right half blue, so a crop shows which side it kept. */
export async function twoColourPng(width = 800, height = 300): Promise<Buffer> {
  const half = Math.floor(width / 2);
  const blue = await sharp({ create: { width: width - half, height, channels: 3, background: "#00f" } })
    .png()
    .toBuffer();
  return sharp({ create: { width, height, channels: 3, background: "#f00" } })
    .composite([{ input: blue, left: half, top: 0 }])
    .png()
    .toBuffer();
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A decompression bomb's header: a PNG that says it is `side` × `side` pixels (400 megapixels at
 * 20,000) with one compressed row of data; it costs nothing to send and gigabytes to decode.
 */
export function hugePng(side = 20_000): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, deflate, no filter, no interlace
  const row = zlib.deflateSync(Buffer.alloc(1 + side * 3));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", row),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

export const svgLogo = Buffer.from(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>',
);
