/**
 * The `<picture>` an uploaded image is written as: AVIF before WebP, each a srcset of the widths
 * made with w descriptors and the same sizes, width and height from the shape's widest variant
 * (the browser reserves the box: no layout shift), the loading hints passed through, and the
 * addresses /media serves.
 */
import { mediaPath, parseMediaName, type ImageAnswer } from "@contracts/content/image";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ResponsiveImage } from "./ResponsiveImage";

const image: Pick<ImageAnswer, "id" | "rev" | "renditions"> = {
  id: "0123456789abcdef01234567",
  rev: "89abcdef",
  renditions: {
    original: { widths: [480, 960, 1440], width: 1440, height: 960 },
    "16x9": { widths: [480, 960, 1440], width: 1440, height: 810 },
    "1x1": { widths: [480, 800], width: 800, height: 800 },
  },
};

function parse(html: string) {
  const tags = [...html.matchAll(/<(source|img) ([^>]*?)\/?>/g)].map(([, tag, attrs]) => ({
    tag,
    attrs: Object.fromEntries(
      [...attrs!.matchAll(/([a-zA-Z]+)="([^"]*)"/g)].map(([, k, v]) => [k!, v!.replace(/&amp;/g, "&")]),
    ) as Record<string, string>,
  }));
  return tags;
}

describe("ResponsiveImage", () => {
  it("writes AVIF then WebP sources with w descriptors, and an img with the widest variant's size", () => {
    const html = renderToStaticMarkup(
      <ResponsiveImage
        image={image}
        alt="Engineers at a whiteboard"
        aspect="16x9"
        sizes="(min-width: 992px) 50vw, 100vw"
      />,
    );
    expect(html.startsWith("<picture>")).toBe(true);
    const [avif, webp, img] = parse(html);
    expect(avif).toMatchObject({
      tag: "source",
      attrs: { type: "image/avif", sizes: "(min-width: 992px) 50vw, 100vw" },
    });
    expect(webp).toMatchObject({ tag: "source", attrs: { type: "image/webp" } });
    expect(avif!.attrs.srcSet).toBe(
      [480, 960, 1440]
        .map((w) => `${mediaPath({ ...image, aspect: "16x9", width: w, format: "avif" })} ${w}w`)
        .join(", "),
    );
    for (const candidate of webp!.attrs.srcSet!.split(", ")) {
      const [url, descriptor] = candidate.split(" ");
      const name = parseMediaName(url!.replace("/media/", ""));
      expect(name).toMatchObject({ id: image.id, rev: image.rev, aspect: "16x9", format: "webp" });
      expect(descriptor).toBe(`${name!.width}w`);
    }
    expect(img).toMatchObject({
      tag: "img",
      attrs: { alt: "Engineers at a whiteboard", width: "1440", height: "810", loading: "lazy", decoding: "async" },
    });
    expect(img!.attrs.src).toBe(mediaPath({ ...image, aspect: "16x9", width: 960, format: "webp" }));
  });

  it("passes the first screen's hints and takes the shape's own widths, never more", () => {
    const html = renderToStaticMarkup(
      <ResponsiveImage image={image} alt="Mara, head of delivery" aspect="1x1" loading="eager" fetchPriority="high" />,
    );
    const [avif, , img] = parse(html);
    expect(avif!.attrs.srcSet!.split(", ").map((c) => c.split(" ")[1])).toEqual(["480w", "800w"]);
    expect(img!.attrs).toMatchObject({ width: "800", height: "800", loading: "eager", fetchPriority: "high" });
    expect(img!.attrs.src).toContain("-1x1-800.webp");
  });
});
