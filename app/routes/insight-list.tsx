/** /insights: every article, newest first, then the tags that have a page each. */
import { Link } from "react-router";
import { InsightCard } from "~/components/sections/insight-card";
import { cardGrid } from "~/components/sections/card-grid";
import { PageBanner } from "~/components/sections/page-banner";
import { insights } from "~/content/collections";
import { groupsWithItems } from "~/content/collections.server";
import { insightsFrom, insightSummary, tagLinks } from "~/content/insights.server";
import { metaForPath } from "~/lib/seo";
import type { Route } from "./+types/insight-list";

export async function loader({ context }: Route.LoaderArgs) {
  const items = insightsFrom(context);
  return { items: items.map(insightSummary), tags: tagLinks(groupsWithItems(insights, items)) };
}

export const meta: Route.MetaFunction = ({ location }) => metaForPath(location.pathname);

export default function InsightListPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageBanner
        crumbs={[{ name: "Home", path: "/" }, { name: "Insights" }]}
        title="Insights"
        description="What our engineers and leads learn on client projects: migrating platforms, running Kubernetes, and putting AI to work where the numbers hold up."
      />
      <section className="section">
        <div className="container">
          <ul className={cardGrid(loaderData.items.length)}>
            {loaderData.items.map((insight, i) => (
              <li key={insight.id}>
                <InsightCard insight={insight} first={i === 0} />
              </li>
            ))}
          </ul>
          {/* After the articles: seven tags above them pushed the first card below a phone's first screen. */}
          <nav aria-labelledby="insight-tags-heading" className="mt-5">
            <h2 id="insight-tags-heading" className="h5">
              Browse by topic
            </h2>
            <ul className="category-filters list-unstyled d-flex flex-wrap gap-2 mb-0">
              {loaderData.tags.map((t) => (
                <li key={t.path}>
                  <Link className="btn btn-outline-primary btn-sm" to={t.path}>
                    {t.name}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </section>
    </>
  );
}
