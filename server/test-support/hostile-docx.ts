/**
 * A resume written by a real DOCX writer (the `docx` package) that tries what a hostile one would:
 * a `javascript:` link and a `data:` link beside a real web link and an address, a picture embedded
 * in the file, and a picture linked from another host (the writer embeds it; the package's
 * relationship is then turned into an external one, as Word writes "Link to file").
 */
import { Document, ExternalHyperlink, HeadingLevel, ImageRun, Packer, Paragraph, TextRun } from "docx";
import JSZip from "jszip";

/** Two 1×1 PNGs of different colours (the writer would store one picture twice as one). */
const embedded = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);
const toBeLinked = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);
export const trackerUrl = "https://tracker.example/pixel.png";

const link = (href: string, text: string) => new ExternalHyperlink({ link: href, children: [new TextRun(text)] });

export async function hostileDocx(): Promise<Buffer> {
  const doc = new Document({
    sections: [
      {
        children: [
          new Paragraph({ text: "Priya Raman", heading: HeadingLevel.HEADING_1 }),
          new Paragraph({
            children: [new TextRun({ text: "Platform engineer, ", bold: true }), new TextRun("Lisbon")],
          }),
          new Paragraph({ children: [link("javascript:alert(document.cookie)", "My portfolio")] }),
          new Paragraph({ children: [link("data:text/html,<script>alert(1)</script>", "My talk")] }),
          new Paragraph({ children: [link("https://github.com/priya-raman", "GitHub")] }),
          new Paragraph({ children: [link("mailto:priya@example.com", "Write to me")] }),
          new Paragraph({
            children: [new ImageRun({ type: "png", data: embedded, transformation: { width: 8, height: 8 } })],
          }),
          new Paragraph({
            children: [new ImageRun({ type: "png", data: toBeLinked, transformation: { width: 8, height: 8 } })],
          }),
        ],
      },
    ],
  });
  const zip = await JSZip.loadAsync(await Packer.toBuffer(doc));
  const rels = "word/_rels/document.xml.rels";
  const relsXml = await zip.file(rels)!.async("string");
  const media = /<Relationship Id="([^"]+)" Type="[^"]+\/image" Target="media\/[^"]+"\/>/g;
  const images = [...relsXml.matchAll(media)];
  if (images.length !== 2) throw new Error(`expected two pictures, found ${images.length}`);
  const [whole, id] = images[1]!;
  // The second picture now lives on another host: r:link to an external relationship.
  zip.file(
    rels,
    relsXml.replace(
      whole,
      `<Relationship Id="${id}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/image" Target="${trackerUrl}" TargetMode="External"/>`,
    ),
  );
  const body = await zip.file("word/document.xml")!.async("string");
  zip.file("word/document.xml", body.replace(`r:embed="${id}"`, `r:link="${id}"`));
  return zip.generateAsync({ type: "nodebuffer" });
}

/**
 * A small DOCX that passes the upload's ZIP check (19 KB packed, 3.4 MB inflated, a ratio under
 * 200) but holds 100,000 one-letter paragraphs: mammoth needs about 800 MB to convert it.
 */
export async function bloatedDocx(paragraphs = 100_000): Promise<Buffer> {
  const zip = await JSZip.loadAsync(
    await Packer.toBuffer(new Document({ sections: [{ children: [new Paragraph("a")] }] })),
  );
  const body = await zip.file("word/document.xml")!.async("string");
  const paragraph = "<w:p><w:r><w:t>a</w:t></w:r></w:p>";
  zip.file("word/document.xml", body.replace("<w:body>", `<w:body>${paragraph.repeat(paragraphs)}`));
  return zip.generateAsync({ type: "nodebuffer", compression: "DEFLATE", compressionOptions: { level: 9 } });
}
