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
  sizes,
}: {
  picture: StudyPicture | null;
  className: string;
  /** The page's largest paint: loaded at once and first. */
  first?: boolean;
  sizes?: string;
}) {
  if (!picture) return null;
  if ("src" in picture)
    return (
      <img
        src={picture.src}
        alt={picture.alt}
        width={640}
        height={360}
        loading={first ? "eager" : "lazy"}
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
      loading={first ? "eager" : "lazy"}
      fetchPriority={first ? "high" : undefined}
      className={className}
    />
  );
}
