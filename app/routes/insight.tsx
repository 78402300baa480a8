/**
 * One insight: its byline (author, position, date), its tags, its picture and its body, with an
 * Article in its structured data. An unknown id renders "Insight Not Found" (its prerendered
 * stand-in, answered with status 404), as an unknown case study does.
 */
import type { ImageMeta } from "@contracts/content/site-context";
import { data, Link } from "react-router";
import { ResponsiveImage } from "~/components/content/ResponsiveImage";
import { RichText } from "~/components/content/RichText";
import { TagList } from "~/components/sections/insight-card";
import { StudyPictureView } from "~/components/sections/study-picture";
import { PageBanner } from "~/components/sections/page-banner";
import { insights, itemPath } from "~/content/collections";
import { articleDate } from "~/content/insight-summary";
import { imagesFrom } from "~/content/case-studies.server";
import { insightsFrom, insightsFromStore, isInsightPreview, tagLinks } from "~/content/insights.server";
import { collectionItemMeta } from "~/lib/collection-meta";
import { insightArticle } from "~/lib/json-ld";
import type { Route } from "./+types/insight";

/**
 * The insight at this address: from the store when the server renders the page with it (an
 * unknown address then answers 404 here), else from the build's Markdown. The images its body
 * names come along for its figures.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const found = insightsFrom(context).find((i) => i.data.id === params.id);
  if (!found)
    return data({ insight: null, images: {}, preview: false }, { status: insightsFromStore(context) ? 404 : 200 });
  const { data: item, picture, body, published, seo } = found;
  const named = "doc" in body ? JSON.stringify(body.doc) : "";
  return {
    insight: { ...item, date: item.date.toISOString(), tags: tagLinks(item.tags), picture, body, published, seo },
    images: Object.fromEntries(Object.entries(imagesFrom(context)).filter(([id]) => named.includes(`"${id}"`))),
    preview: isInsightPreview(context, item.id),
  };
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
        insightArticle({
          path: itemPath(insights, insight.id),
          title: insight.title,
          description: insight.excerpt,
          image: insight.picture && "src" in insight.picture ? insight.picture.src : undefined,
          datePublished: insight.date.slice(0, 10),
          ...(insight.published ? { dateModified: insight.published } : {}),
          author: insight.author,
          keywords,
        }),
      ],
      preview: loaderData.preview,
    },
  );
};

export default function InsightPage({ loaderData }: Route.ComponentProps) {
  const { insight, images } = loaderData;
  const figure = (imageId: string, alt: string) => {
    const image = (images as Record<string, ImageMeta>)[imageId];
    return image ? <ResponsiveImage image={image} alt={alt} sizes="(min-width: 992px) 720px, 100vw" /> : null;
  };
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
          <StudyPictureView
            picture={insight.picture}
            load="page"
            sizes="(min-width: 992px) 720px, 100vw"
            className="article-picture my-4 rounded art-picture"
          />
          {"html" in insight.body ? (
            // Markdown from the repository's own content folder, rendered at build time.
            <div className="prose" dangerouslySetInnerHTML={{ __html: insight.body.html }} />
          ) : (
            // The store's rich text: every word React text, links checked again (decision 064).
            <div className="prose">
              <RichText doc={insight.body.doc} renderImage={figure} className="rich-text" />
            </div>
          )}
          <Link to={insights.list}>{insights.notFound.back}</Link>
        </div>
      </article>
    </>
  );
}
