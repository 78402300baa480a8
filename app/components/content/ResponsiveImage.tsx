/**
 * An uploaded image on a page (decision 063): a `<picture>` with an AVIF and a WebP `<source>`,
 * each a `srcset` of the widths made (w descriptors), and an `<img>` whose width and height
 * attributes reserve its box before a byte arrives (no layout shift). Written from the image's
 * metadata alone (`ImageAnswer`, which the content store keeps with the item), so a prerendered
 * or server-rendered page asks nothing of the server to write it.
 */
import { mediaPath, type Aspect, type ImageAnswer, type ImageFormat } from "@contracts/content/image";

export interface ResponsiveImageProps {
  /** The image's metadata: its id, rev and the widths made of each shape. */
  image: Pick<ImageAnswer, "id" | "rev" | "renditions">;
  /** Words for people who do not see the image; "" only for a purely decorative one. */
  alt: string;
  /** Which cut: the image's own shape, a 16:9 band or a square. */
  aspect?: Aspect;
  /** How wide the image is drawn, for the browser to pick a width, e.g. "(min-width: 992px) 50vw, 100vw". */
  sizes?: string;
  /** "lazy" below the fold; the first screen's main image "eager" with fetchPriority "high". */
  loading?: "lazy" | "eager";
  decoding?: "async" | "sync" | "auto";
  fetchPriority?: "high" | "low" | "auto";
  className?: string;
  /** The drawn size where no class gives one (a logo's height in the client strip). */
  style?: React.CSSProperties;
}

const types: Record<ImageFormat, string> = { avif: "image/avif", webp: "image/webp" };

export function ResponsiveImage({
  image,
  alt,
  aspect = "original",
  sizes = "100vw",
  loading = "lazy",
  decoding = "async",
  fetchPriority,
  className,
  style,
}: ResponsiveImageProps) {
  const rendition = image.renditions[aspect];
  const src = (width: number, format: ImageFormat) =>
    mediaPath({ id: image.id, rev: image.rev, aspect, width, format });
  const srcSet = (format: ImageFormat) => rendition.widths.map((w) => `${src(w, format)} ${w}w`).join(", ");
  // The fallback for a browser that reads no <source>: the WebP nearest to a phone's screen.
  const fallback = rendition.widths.find((w) => w >= 960) ?? rendition.widths[rendition.widths.length - 1]!;
  return (
    <picture>
      <source type={types.avif} srcSet={srcSet("avif")} sizes={sizes} />
      <source type={types.webp} srcSet={srcSet("webp")} sizes={sizes} />
      <img
        src={src(fallback, "webp")}
        alt={alt}
        width={rendition.width}
        height={rendition.height}
        loading={loading}
        decoding={decoding}
        fetchPriority={fetchPriority}
        className={className}
        style={style}
      />
    </picture>
  );
}
