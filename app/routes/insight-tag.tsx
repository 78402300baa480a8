/**
 * /insights/tag/<tag>: the articles with that tag among theirs, newest first. An unknown tag
 * renders its stand-in (prerendered as /insights/tag/__missing, answered with status 404).
 */
import { data, Link } from "react-router";
import { InsightCard } from "~/components/sections/insight-card";
import { cardGrid } from "~/components/sections/card-grid";
import { PageBanner } from "~/components/sections/page-banner";
import { groupPath, groupSlug, insightTagWords, insights, missingId } from "~/content/collections";
import { groupsWithItems, itemsInGroup } from "~/content/collections.server";
import { insightsFrom, insightsFromStore, insightSummary } from "~/content/insights.server";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/insight-tag";

export async function loader({ params, context }: Route.LoaderArgs) {
  const slug = groupSlug(params.group);
  const all = insightsFrom(context);
  const tagged = slug === missingId ? [] : itemsInGroup(insights, all, slug);
  const name = groupsWithItems(insights, tagged).find((t) => groupSlug(t) === slug) ?? "";
  const answer = { slug, name, items: tagged.map(insightSummary) };
  // From the store, an unknown tag answers 404 here (the prerender writes the stand-in the server answers with 404).
  return !name && insightsFromStore(context) ? data(answer, { status: 404 }) : answer;
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  !loaderData?.name
    ? [{ title: "Insights" }, { name: "robots", content: "noindex" }]
    : pageMeta({
        path: groupPath(insights, loaderData.slug),
        collectionKind: insights.groups?.kind,
        title: `Insights on ${loaderData.name}`,
        description: `Articles by Altiva Cloud's engineers on ${loaderData.name.toLowerCase()}: what we learned on client projects and what we would do again.`,
        keywords: ["insights", loaderData.name, "Altiva Cloud"],
      });

export default function InsightTagPage({ loaderData }: Route.ComponentProps) {
  const { name, items } = loaderData;
  return (
    <>
      <PageBanner
        crumbs={[{ name: "Home", path: "/" }, { name: "Insights", path: insights.list }, { name: name || "Tag" }]}
        title={name ? `Insights on ${name}` : "Insights"}
        description={
          name
            ? `Every article we have written on ${name.toLowerCase()}, newest first.`
            : "We have no articles with that tag. Every article we have written is on the Insights page."
        }
      />
      <section className="section">
        <div className="container">
          {items.length === 0 ? (
            <p className="lead">No insights found for this tag.</p>
          ) : (
            <ul className={cardGrid(items.length)}>
              {items.map((insight, i) => (
                <li key={insight.id}>
                  <InsightCard insight={insight} first={i === 0} />
                </li>
              ))}
            </ul>
          )}
          <Link to={insights.list}>{insightTagWords.allInsights}</Link>
        </div>
      </section>
    </>
  );
}
