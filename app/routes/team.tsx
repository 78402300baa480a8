import { Icon } from "~/components/icon/icon";
import { cardGrid } from "~/components/sections/card-grid";
import { PageBanner } from "~/components/sections/page-banner";
import { team } from "~/content/company-pages";
import { metaForPath } from "~/lib/seo";
import type { Route } from "./+types/team";

export const meta: Route.MetaFunction = ({ location }) => metaForPath(location.pathname);

export default function TeamPage() {
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
              <li key={m.name}>
                <article className="team-card h-100">
                  <img
                    src={m.image}
                    alt={`Illustrated portrait of ${m.name}`}
                    width={160}
                    height={160}
                    loading="lazy"
                  />
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
