import { mediaPath } from "@contracts/content/image";
import { ResponsiveImage } from "~/components/content/ResponsiveImage";
import { Icon } from "~/components/icon/icon";
import { cardGrid } from "~/components/sections/card-grid";
import { PageBanner } from "~/components/sections/page-banner";
import { isPreview } from "~/content/preview.server";
import { teamFrom, type TeamMemberView } from "~/content/team.server";
import { person } from "~/lib/json-ld";
import { metaForPath } from "~/lib/seo";
import type { Route } from "./+types/team";

/** The team: the store's live members when the server renders the page with them, else team.json's. */
export function loader({ context }: Route.LoaderArgs) {
  // A preview of a person's draft (/preview/<token>) shows this page: it says noindex.
  return { team: teamFrom(context), preview: isPreview(context) };
}

/** The photo's address for the Person's `image`: the drawing, or the square crop's smallest WebP. */
function photoAddress(m: TeamMemberView): string | undefined {
  if (!m.picture) return undefined;
  if ("src" in m.picture) return m.picture.src;
  const { id, rev, renditions } = m.picture.image;
  return mediaPath({ id, rev, aspect: "1x1", width: renditions["1x1"].widths[0]!, format: "webp" });
}

export const meta: Route.MetaFunction = ({ location, loaderData }) => [
  ...metaForPath(
    location.pathname,
    (loaderData?.team ?? []).map((m) => person({ ...m, image: photoAddress(m) })),
  ),
  ...(loaderData?.preview ? [{ name: "robots", content: "noindex" }] : []),
];

function Photo({ member }: { member: TeamMemberView }) {
  const { picture } = member;
  if (!picture) return null;
  if ("src" in picture) return <img src={picture.src} alt={picture.alt} width={160} height={160} loading="lazy" />;
  // Drawn 10rem wide: the 480 px crop serves a phone's and a desktop's densities alike.
  return <ResponsiveImage image={picture.image} alt={picture.alt} aspect="1x1" sizes="160px" />;
}

export default function TeamPage({ loaderData }: Route.ComponentProps) {
  const { team } = loaderData;
  return (
    <>
      <PageBanner
        crumbs={[{ name: "Home", path: "/" }, { name: "Our Team" }]}
        title="Our Team"
        description="The people who lead our engineering, delivery and client partnerships."
      />
      <section className="section">
        <div className="container">
          <ul className={cardGrid(team.length, 3)}>
            {team.map((m) => (
              <li key={m.id}>
                <article className="team-card h-100">
                  <Photo member={m} />
                  <h2 className="h4 mt-3">{m.name}</h2>
                  <p className="eyebrow">{m.position}</p>
                  <p>{m.bio}</p>
                  {m.linkedin ? (
                    <a
                      href={m.linkedin}
                      target="_blank"
                      rel="noopener noreferrer"
                      aria-label={`${m.name} on LinkedIn (opens in a new tab)`}
                    >
                      <Icon name="linkedin" />
                      {"\u00a0"}LinkedIn
                    </a>
                  ) : null}
                </article>
              </li>
            ))}
          </ul>
        </div>
      </section>
    </>
  );
}
