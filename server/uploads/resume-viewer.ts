/**
 * What the console's resume viewer shows (issue 44, docs/decisions/071): a PDF as it was sent, and
 * a DOCX converted to HTML by mammoth and sanitised, each in a frame the console sandboxes
 * (no scripts) and under a CSP that lets the document load nothing from anywhere. The converted
 * HTML keeps text, headings, lists, tables and emphasis; links only to http(s) and mailto; images
 * only when embedded in the file (PNG, JPEG or GIF, inlined as data: URLs). A linked (external)
 * image is never fetched: mammoth's external file access stays off, the sanitiser drops any image
 * that is not inline data, and the CSP allows no other image source.
 */
import crypto from "node:crypto";
import sanitizeHtml from "sanitize-html";
import { convertDocx, type ConversionLimits } from "./docx-conversion";

/** The viewer's own styling: one fixed sheet, allowed by its hash (no inline style from the file). */
const sheet =
  "body{font:16px/1.5 system-ui,sans-serif;margin:1rem;max-width:50rem;color:#1a1a1a;background:#fff}" +
  "img{max-width:100%;height:auto}table{border-collapse:collapse}td,th{border:1px solid #999;padding:.25rem .5rem}" +
  "@media (prefers-color-scheme:dark){body{color:#eee;background:#1b1b1b}a{color:#8ab4ff}}";
const sheetHash = crypto.createHash("sha256").update(sheet).digest("base64");

/**
 * The CSP of every answer the viewer gives: nothing may load but inline images and the sheet
 * above; only the console may frame it; `sandbox` keeps it script-free even when opened alone.
 */
export const viewerCsp = [
  "default-src 'none'",
  "img-src data:",
  `style-src 'sha256-${sheetHash}'`,
  "frame-ancestors 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "sandbox allow-popups allow-popups-to-escape-sandbox",
].join("; ");

/** The headers of a viewer answer: inline, never sniffed, never kept by a shared cache. */
export const viewerHeaders = {
  "Content-Security-Policy": viewerCsp,
  "X-Content-Type-Options": "nosniff",
  "X-Frame-Options": "SAMEORIGIN",
  // no-store: neither the browser nor any shared cache keeps a copy (as every console answer).
  "Cache-Control": "no-store",
  "Cross-Origin-Resource-Policy": "same-origin",
} as const;

/** The only links kept: the web and e-mail (the sanitiser's scheme list says the same). */
const webLink = /^(https?:\/\/|mailto:)/i;
const inlineImage = /^data:image\/(png|jpeg|gif);base64,[A-Za-z0-9+/=]+$/;

const sanitizeOptions: sanitizeHtml.IOptions = {
  allowedTags: [
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "p",
    "br",
    "ul",
    "ol",
    "li",
    "strong",
    "em",
    "b",
    "i",
    "u",
    "s",
    "sub",
    "sup",
    "blockquote",
    "table",
    "thead",
    "tbody",
    "tr",
    "td",
    "th",
    "a",
    "img",
  ],
  allowedAttributes: { a: ["href"], img: ["src", "alt"], td: ["colspan", "rowspan"], th: ["colspan", "rowspan"] },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesByTag: { img: ["data"] },
  allowProtocolRelative: false,
  // An image that is not an embedded picture goes.
  exclusiveFilter: (frame) => frame.tag === "img" && !inlineImage.test(frame.attribs.src ?? ""),
  transformTags: {
    // A link opens in a new tab of its own, without telling the site it came from the console.
    a: (tagName, attribs): sanitizeHtml.Tag => ({
      tagName,
      attribs: webLink.test(attribs.href ?? "")
        ? { href: attribs.href!, target: "_blank", rel: "noopener noreferrer" }
        : // A refused address: the words stay, as a link to nowhere.
          {},
    }),
  },
};
// The transform adds target and rel after the attribute filter has run: allow them on its output.
sanitizeOptions.allowedAttributes = { ...sanitizeOptions.allowedAttributes, a: ["href", "target", "rel"] };

/** The sanitised body of a DOCX's HTML (exported for the test of the sanitiser alone). */
export function sanitizeResumeHtml(html: string): string {
  return sanitizeHtml(html, sanitizeOptions);
}

const unreadable = "<p>This document could not be shown. Download it to open it with a word processor.</p>";
const tooLarge = "<p>This document is too large to show here. Download it to open it with a word processor.</p>";

/**
 * A DOCX as a whole, self-contained HTML page; a file mammoth cannot read, or not within the
 * conversion's memory and time (docx-conversion.ts), gives a page saying so.
 */
export async function docxAsPage(bytes: Buffer, title: string, limits?: ConversionLimits): Promise<string> {
  const converted = await convertDocx(bytes, limits);
  const body = converted.ok
    ? sanitizeResumeHtml(converted.html)
    : converted.reason === "too large"
      ? tooLarge
      : unreadable;
  const safeTitle = sanitizeHtml(title, { allowedTags: [], allowedAttributes: {} });
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${safeTitle}</title><style>${sheet}</style></head><body>${body}</body></html>`;
}
