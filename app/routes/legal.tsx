import { PageBanner } from "~/components/sections/page-banner";
import { readLegalPages } from "~/content/markdown.server";
import { metaForPath } from "~/lib/seo";
import { normalizePath } from "~/site/current-page";
import { pageByPath } from "~/site/pages";
import type { Route } from "./+types/legal";

export async function loader({ request }: Route.LoaderArgs) {
  const page = pageByPath(normalizePath(new URL(request.url).pathname));
  const doc = readLegalPages().find((d) => d.slug === page?.slug);
  if (!doc) throw new Response("Not Found", { status: 404 });
  return { title: doc.data.title, summary: doc.data.summary, updated: doc.data.updated.toISOString(), html: doc.html };
}

export const meta: Route.MetaFunction = ({ location }) => metaForPath(location.pathname);

export default function LegalPage({ loaderData }: Route.ComponentProps) {
  const updated = new Date(loaderData.updated);
  return (
    <>
      <PageBanner
        crumbs={[{ name: "Home", path: "/" }, { name: loaderData.title }]}
        title={loaderData.title}
        description={loaderData.summary}
      />
      <article className="section">
        <div className="container narrow">
          <p className="text-secondary">
            Last updated:{" "}
            <time dateTime={loaderData.updated.slice(0, 10)}>
              {updated.toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" })}
            </time>
          </p>
          {/* Markdown from the repository's own content folder, rendered at build time. */}
          <div className="prose" dangerouslySetInnerHTML={{ __html: loaderData.html }} />
        </div>
      </article>
    </>
  );
}
