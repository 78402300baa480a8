/**
 * One insight: its byline (author, position, date), its tags, its picture and its body, with an
 * Article in its structured data. An unknown id renders "Insight Not Found" (its prerendered
 * stand-in, answered with status 404), as an unknown case study does.
 */
import { Link } from "react-router";
import { TagList } from "~/components/sections/insight-card";
import { PageBanner } from "~/components/sections/page-banner";
import { insights, itemPath } from "~/content/collections";
import { articleDate } from "~/content/insight-summary";
import { insightsFrom, tagLinks } from "~/content/insights.server";
import { collectionItemMeta } from "~/lib/collection-meta";
import { article } from "~/lib/json-ld";
import type { Route } from "./+types/insight";

export async function loader({ params, context }: Route.LoaderArgs) {
  const found = insightsFrom(context).find((i) => i.data.id === params.id);
  if (!found) return { insight: null };
  const { data, html } = found;
  return { insight: { ...data, date: data.date.toISOString(), tags: tagLinks(data.tags), html } };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const insight = loaderData?.insight;
  if (!insight) return collectionItemMeta(insights, null);
  const keywords = insight.tags.map((t) => t.name);
  return collectionItemMeta(
    insights,
    { ...insight, group: keywords.join(", ") },
    {
      jsonLd: [
        article({
          path: itemPath(insights, insight.id),
          title: insight.title,
          description: insight.excerpt,
          image: insight.image,
          datePublished: insight.date.slice(0, 10),
          author: insight.author,
          keywords,
        }),
      ],
    },
  );
};

export default function InsightPage({ loaderData }: Route.ComponentProps) {
  const { insight } = loaderData;
  if (!insight) {
    return (
      <section className="section">
        <div className="container narrow">
          <h1>{insights.notFound.title}</h1>
          <p>{insights.notFound.text}</p>
          <Link to={insights.list} className="btn btn-primary">
            {insights.notFound.back}
          </Link>
        </div>
      </section>
    );
  }
  return (
    <>
      <PageBanner
        crumbs={[{ name: "Home", path: "/" }, { name: "Insights", path: insights.list }, { name: insight.title }]}
        title={insight.title}
        description={insight.excerpt}
        align="start"
      />
      <article className="section">
        <div className="container narrow">
          <p className="mb-1">
            By <Link to="/team">{insight.author.name}</Link>, {insight.author.title}
          </p>
          <p className="text-body-secondary">
            <time dateTime={insight.date.slice(0, 10)}>{articleDate(insight.date)}</time>
          </p>
          <TagList tags={insight.tags} label="Tags" />
          <img
            src={insight.image}
            alt={insight.imageAlt}
            width={640}
            height={360}
            className="article-picture my-4 rounded art-picture"
          />
          {/* Markdown from the repository's own content folder, rendered at build time. */}
          <div className="prose" dangerouslySetInnerHTML={{ __html: insight.html }} />
          <Link to={insights.list}>{insights.notFound.back}</Link>
        </div>
      </article>
    </>
  );
}
