import { Link } from "react-router";
import { cardGrid } from "~/components/sections/card-grid";
import { PageBanner } from "~/components/sections/page-banner";
import { StudyPictureView } from "~/components/sections/study-picture";
import { portfolioFrom } from "~/content/portfolio.server";
import { isPreview } from "~/content/preview.server";
import { metaForPath } from "~/lib/seo";
import type { Route } from "./+types/portfolio";

/** The projects: the store's live portfolio items when the server renders the page with them, else portfolio.json's. */
export function loader({ context }: Route.LoaderArgs) {
  // A preview of a project's draft (/preview/<token>) shows this page: it says noindex.
  return { projects: portfolioFrom(context), preview: isPreview(context) };
}

export const meta: Route.MetaFunction = ({ location, loaderData }) => [
  ...metaForPath(location.pathname),
  ...(loaderData?.preview ? [{ name: "robots", content: "noindex" }] : []),
];

export default function PortfolioPage({ loaderData }: Route.ComponentProps) {
  const { projects } = loaderData;
  return (
    <>
      <PageBanner
        crumbs={[{ name: "Home", path: "/" }, { name: "Portfolio" }]}
        title="Portfolio"
        description="A selection of products our teams designed, built and still run for clients."
      />
      <section className="section">
        <div className="container">
          <ul className={cardGrid(projects.length, 2)}>
            {projects.map((item, i) => (
              <li key={item.id}>
                <article className="case-card h-100">
                  {/* The first picture is the page's largest paint: it loads at once and first. */}
                  <StudyPictureView
                    picture={item.picture}
                    className="case-card__image"
                    first={i === 0}
                    sizes="(min-width: 992px) 50vw, 100vw"
                  />
                  <div className="case-card__body">
                    <h2 className="h4">{item.title}</h2>
                    <p>{item.description}</p>
                    {item.note ? <p className="text-body-secondary">{item.note}</p> : null}
                    {item.link.startsWith("/") ? (
                      <Link to={item.link} className="btn btn-outline-primary">
                        View Project<span className="visually-hidden">: {item.title}</span>
                      </Link>
                    ) : (
                      <a href={item.link} className="btn btn-outline-primary" rel="noopener">
                        View Project<span className="visually-hidden">: {item.title}</span>
                      </a>
                    )}
                  </div>
                </article>
              </li>
            ))}
          </ul>
        </div>
      </section>
    </>
  );
}
