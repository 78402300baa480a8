import { ResponsiveImage } from "~/components/content/ResponsiveImage";
import type { StudyPicture } from "~/content/case-study-summary";

/**
 * A case study's picture in its 16:9 band: the site's own file (a Markdown study), or an uploaded
 * image as `<picture>`/`srcset` with its size (a stored study, decision 063). None: nothing drawn.
 */
export function StudyPictureView({
  picture,
  className,
  first = false,
  load = "card",
  sizes,
}: {
  picture: StudyPicture | null;
  className: string;
  /** The card at the top of its list, the page's largest paint: loaded at once and first. */
  first?: boolean;
  /** "card": lazy unless first; "page": the browser's own choice, as the study's page always drew it. */
  load?: "card" | "page";
  sizes?: string;
}) {
  if (!picture) return null;
  const lazy = load === "card" && !first;
  if ("src" in picture)
    return load === "page" ? (
      <img src={picture.src} alt={picture.alt} width={640} height={360} className={className} />
    ) : (
      <img
        src={picture.src}
        alt={picture.alt}
        width={640}
        height={360}
        loading={lazy ? "lazy" : "eager"}
        fetchPriority={first ? "high" : "auto"}
        className={className}
      />
    );
  return (
    <ResponsiveImage
      image={picture.image}
      alt={picture.alt}
      aspect="16x9"
      sizes={sizes}
      loading={lazy ? "lazy" : "eager"}
      fetchPriority={first ? "high" : undefined}
      className={className}
    />
  );
}
