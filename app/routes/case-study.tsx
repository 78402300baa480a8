import { Link } from "react-router";
import { PageBanner } from "~/components/sections/page-banner";
import { caseStudies } from "~/content/collections";
import { loadCaseStudies } from "~/content/collections.server";
import { collectionItemMeta } from "~/lib/collection-meta";
import type { Route } from "./+types/case-study";
import type { ClosingCtaHandle } from "~/components/sections/cta-band";

/** The closing call to action speaks of results like these (decision 042). */
export const handle: ClosingCtaHandle = { closingCta: "case-study" };

export async function loader({ params }: Route.LoaderArgs) {
  const study = loadCaseStudies().find((s) => s.data.id === params.id);
  if (!study) return { study: null };
  return { study: { ...study.data, date: study.data.date.toISOString(), html: study.html } };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const study = loaderData?.study;
  return collectionItemMeta(caseStudies, study ? { ...study, group: study.category } : null);
};

export default function CaseStudyPage({ loaderData }: Route.ComponentProps) {
  const { study } = loaderData;
  if (!study) {
    return (
      <section className="section">
        <div className="container narrow">
          <h1>{caseStudies.notFound.title}</h1>
          <p>{caseStudies.notFound.text}</p>
          <Link to={caseStudies.list} className="btn btn-primary">
            {caseStudies.notFound.back}
          </Link>
        </div>
      </section>
    );
  }
  return (
    <>
      <PageBanner
        crumbs={[{ name: "Home", path: "/" }, { name: "Case Studies", path: "/case-study" }, { name: study.title }]}
        title={study.title}
        description={study.excerpt}
        align="start"
      />
      <article className="section">
        <div className="container narrow">
          <img
            src={study.image}
            alt={study.imageAlt}
            width={640}
            height={360}
            className="article-picture mb-4 rounded art-picture"
          />
          {/* Markdown from the repository's own content folder, rendered at build time. */}
          <div className="prose" dangerouslySetInnerHTML={{ __html: study.html }} />
          <Link to="/case-study">Back to Case Studies</Link>
        </div>
      </article>
    </>
  );
}
