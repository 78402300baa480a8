/** Test documents and request builders shared by the server's test suites. */
import zlib from "node:zlib";

export const validContact = {
  firstName: "Ada",
  lastName: "Lovelace",
  email: "ada@example.com",
  phone: "4155550142",
  reason: "Cloud migration",
  message: "We want to move our billing platform to AWS this quarter.",
  agree: true as const,
};

export const validFeedback = {
  firstName: "Grace",
  lastName: "Hopper",
  email: "grace@example.com",
  phone: "",
  feedbackType: "website",
  message: "The case studies were useful; please add one about data platforms.",
  consent: true as const,
};

export const validApplicationFields = {
  firstName: "Alan",
  lastName: "Turing",
  email: "alan@example.com",
  phone: "4155550199",
  position: "Backend Developer",
  message: "I have built payment APIs in Node.js and Python for six years.",
  agree: "true",
};

export function pdf(size = 2048): Buffer {
  const head = Buffer.from("%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n");
  const tail = Buffer.from("\ntrailer << /Root 1 0 R >>\n%%EOF\n");
  const fill = Buffer.alloc(Math.max(0, size - head.length - tail.length), 0x20);
  return Buffer.concat([head, fill, tail]);
}

/** An OLE2 compound file whose directory names a WordDocument stream, as Word 97-2003 writes. */
export function doc(): Buffer {
  const header = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
  return Buffer.concat([header, Buffer.alloc(504), Buffer.from("WordDocument", "utf16le"), Buffer.alloc(1024)]);
}

export const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(256)]);
export const exe = Buffer.concat([Buffer.from("MZ"), Buffer.alloc(510)]);

interface ZipEntry {
  name: string;
  data: Buffer;
  /** Claimed uncompressed size, to forge a ZIP bomb's central directory. */
  claimedSize?: number;
  /** Claimed CRC-32, to forge a damaged or tampered entry. */
  claimedCrc?: number;
  /** Already deflated bytes to store instead of deflating `data` (a bomb too large to hold inflated). */
  packed?: Buffer;
}

/** A minimal ZIP writer (deflate), enough to make Word packages and impostors. */
export function zip(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name);
    const packed = e.packed ?? zlib.deflateRawSync(e.data);
    const crc = e.claimedCrc ?? zlib.crc32(e.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(e.claimedSize ?? e.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(e.claimedSize ?? e.data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, packed);
    centrals.push(central, name);
    offset += local.length + name.length + packed.length;
  }
  const dir = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dir, end]);
}

export function docx(): Buffer {
  return zip([
    { name: "[Content_Types].xml", data: Buffer.from('<?xml version="1.0"?><Types/>') },
    { name: "word/document.xml", data: Buffer.from("<w:document><w:body><w:p>Resume</w:p></w:body></w:document>") },
  ]);
}

export interface Part {
  name: string;
  value?: string;
  file?: { filename: string; data: Buffer; type?: string };
}

/** A multipart/form-data body, built by hand so tests control every byte and part order. */
export function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----test${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if (part.file) {
      chunks.push(
        Buffer.from(
          `Content-Disposition: form-data; name="${part.name}"; filename="${part.file.filename}"\r\n` +
            `Content-Type: ${part.file.type ?? "application/octet-stream"}\r\n\r\n`,
        ),
        part.file.data,
        Buffer.from("\r\n"),
      );
    } else {
      chunks.push(Buffer.from(`Content-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value ?? ""}\r\n`));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}`, "x-requested-with": "XMLHttpRequest" },
  };
}

export function applicationParts(fields: Record<string, string> = validApplicationFields, file?: Part["file"]): Part[] {
  const parts: Part[] = Object.entries(fields).map(([name, value]) => ({ name, value }));
  if (file) parts.push({ name: "resume", file });
  return parts;
}

export const jsonHeaders = { "content-type": "application/json", "x-requested-with": "XMLHttpRequest" };
