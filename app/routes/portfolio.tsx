import { Link } from "react-router";
import { PageBanner } from "~/components/sections/page-banner";
import { portfolio } from "~/content/company-pages";
import { metaForPath } from "~/lib/seo";
import type { Route } from "./+types/portfolio";

export const meta: Route.MetaFunction = ({ location }) => metaForPath(location.pathname);

export default function PortfolioPage() {
  return (
    <>
      <PageBanner
        crumbs={[{ name: "Home", path: "/" }, { name: "Portfolio" }]}
        title="Portfolio"
        description="A selection of products our teams designed, built and still run for clients."
      />
      <section className="section">
        <div className="container">
          <ul className="row g-4 list-unstyled">
            {portfolio.map((item, i) => (
              <li key={item.title} className="col-12 col-md-6">
                <article className="case-card h-100">
                  <img
                    src={item.image}
                    alt={item.imageAlt}
                    width={640}
                    height={360}
                    // The first picture is the page's largest paint: it loads at once and first.
                    loading={i === 0 ? "eager" : "lazy"}
                    fetchPriority={i === 0 ? "high" : "auto"}
                    className="case-card__image"
                  />
                  <div className="case-card__body">
                    <h2 className="h4">{item.title}</h2>
                    <p>{item.description}</p>
                    {item.note ? <p className="text-body-secondary">{item.note}</p> : null}
                    <Link to={item.link} className="btn btn-outline-primary">
                      View Project<span className="visually-hidden">: {item.title}</span>
                    </Link>
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
