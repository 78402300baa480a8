/**
 * The list page of a collection that names no page of its own: a page-table page whose slug is
 * the collection's name (app/content/collections.ts), listing its items newest first.
 */
import { Link, useLoaderData, type LoaderFunctionArgs, type MetaFunction } from "react-router";
import { PageBanner } from "~/components/sections/page-banner";
import { pageMetaContent } from "~/content/page-meta";
import { collections, itemPath } from "~/content/collections";
import { loadItems } from "~/content/collections.server";
import { metaForPath } from "~/lib/seo";
import { normalizePath } from "~/site/current-page";
import { pageByPath, type PagePath } from "~/site/pages";

export function loader({ request }: LoaderFunctionArgs) {
  const page = pageByPath(normalizePath(new URL(request.url).pathname));
  const collection = collections.find((c) => c.name === page?.slug);
  if (!page || !collection) throw new Response("Not Found", { status: 404 });
  return {
    title: page.title,
    description: pageMetaContent[page.path as PagePath].description,
    items: loadItems(collection).map((i) => ({
      path: itemPath(collection, i.data.id),
      title: i.data.title,
      excerpt: i.data.excerpt,
    })),
  };
}

export const meta: MetaFunction = ({ location }) => metaForPath(location.pathname);

export default function CollectionListPage() {
  const { title, description, items } = useLoaderData<typeof loader>();
  return (
    <>
      <PageBanner crumbs={[{ name: "Home", path: "/" }, { name: title }]} title={title} description={description} />
      <section className="section">
        <div className="container narrow">
          <ul className="list-unstyled">
            {items.map((item) => (
              <li key={item.path} className="mb-4">
                <h2 className="h4">
                  <Link to={item.path}>{item.title}</Link>
                </h2>
                <p>{item.excerpt}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>
    </>
  );
}
