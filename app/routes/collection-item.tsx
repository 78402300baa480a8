/**
 * One item's page of a collection that names no page of its own (app/content/collections.ts):
 * its title and excerpt, its Markdown, and the way back to the list. An unknown id renders the
 * collection's not-found words (its prerendered stand-in, answered with status 404).
 */
import { Link, useLoaderData, type LoaderFunctionArgs, type MetaFunction } from "react-router";
import { PageBanner } from "~/components/sections/page-banner";
import { collectionAt, collections } from "~/content/collections";
import { loadItems } from "~/content/collections.server";
import { collectionItemMeta } from "~/lib/collection-meta";
import { pageByPath } from "~/site/pages";

export function loader({ request, params }: LoaderFunctionArgs) {
  const collection = collectionAt(new URL(request.url).pathname);
  if (!collection) throw new Response("Not Found", { status: 404 });
  const item = loadItems(collection).find((i) => i.data.id === params.id);
  return {
    name: collection.name,
    item: item ? { id: item.data.id, title: item.data.title, excerpt: item.data.excerpt, html: item.html } : null,
  };
}

export const meta: MetaFunction<typeof loader> = ({ loaderData }) => {
  const collection = collections.find((c) => c.name === loaderData?.name);
  return collection ? collectionItemMeta(collection, loaderData?.item ?? null) : [];
};

export default function CollectionItemPage() {
  const { name, item } = useLoaderData<typeof loader>();
  const collection = collections.find((c) => c.name === name)!;
  const listLabel = pageByPath(collection.list)?.label ?? collection.name;
  if (!item) {
    return (
      <section className="section">
        <div className="container narrow">
          <h1>{collection.notFound.title}</h1>
          <p>{collection.notFound.text}</p>
          <Link to={collection.list} className="btn btn-primary">
            {collection.notFound.back}
          </Link>
        </div>
      </section>
    );
  }
  return (
    <>
      <PageBanner
        crumbs={[{ name: "Home", path: "/" }, { name: listLabel, path: collection.list }, { name: item.title }]}
        title={item.title}
        description={item.excerpt}
        align="start"
      />
      <article className="section">
        <div className="container narrow">
          {/* Markdown from the repository's own content folder, rendered at build time. */}
          <div className="prose" dangerouslySetInnerHTML={{ __html: item.html }} />
          <Link to={collection.list}>{collection.notFound.back}</Link>
        </div>
      </article>
    </>
  );
}
