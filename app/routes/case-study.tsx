import { Link } from "react-router";
import { PageBanner } from "~/components/sections/page-banner";
import { ResultFigures } from "~/components/sections/result-figures";
import { caseStudies } from "~/content/collections";
import { caseStudyStack, loadCaseStudies } from "~/content/collections.server";
import { collectionItemMeta } from "~/lib/collection-meta";
import type { Route } from "./+types/case-study";
import type { ClosingCtaHandle } from "~/components/sections/cta-band";

/** The closing call to action speaks of results like these (decision 042). */
export const handle: ClosingCtaHandle = { closingCta: "case-study" };

export async function loader({ params }: Route.LoaderArgs) {
  const study = loadCaseStudies().find((s) => s.data.id === params.id);
  if (!study) return { study: null };
  return {
    study: { ...study.data, date: study.data.date.toISOString(), html: study.html, stack: caseStudyStack(study.data) },
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const study = loaderData?.study;
  return collectionItemMeta(caseStudies, study ? { ...study, group: study.category } : null);
};

/**
 * One case study, proof first (decision 066): who the client is and the results as figures at the
 * top, then the client's words, the team and the stack (linking the service and technology pages),
 * then the story.
 */
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
      <article className="section case-study">
        <div className="container narrow">
          <dl className="case-facts d-flex flex-wrap gap-4">
            <div>
              <dt className="eyebrow mb-0">Client</dt>
              <dd className="fw-semibold mb-0">{study.client}</dd>
            </div>
            <div>
              <dt className="eyebrow mb-0">Industry</dt>
              <dd className="fw-semibold mb-0">{study.industry}</dd>
            </div>
          </dl>
          <h2 className="visually-hidden">Results at a glance</h2>
          <ResultFigures results={study.results} />
          <figure className="case-quote section--tinted p-4 rounded-4 mb-4">
            <blockquote className="fs-5 text-body-emphasis mb-2">
              <p className="mb-0">“{study.quote.text}”</p>
            </blockquote>
            <figcaption className="text-body-secondary">
              <strong>{study.quote.name}</strong>, {study.quote.title}
            </figcaption>
          </figure>
          <div className="case-crew row g-4 mb-4">
            <section aria-labelledby="case-team-heading" className="col-md-6">
              <h2 id="case-team-heading" className="h6 eyebrow">
                The team
              </h2>
              <ul className="list-unstyled mb-0">
                {study.team.map((t) => (
                  <li key={t.role}>
                    {t.role} <strong>× {t.count}</strong>
                  </li>
                ))}
              </ul>
            </section>
            <section aria-labelledby="case-stack-heading" className="col-md-6">
              <h2 id="case-stack-heading" className="h6 eyebrow">
                Services and stack
              </h2>
              <ul className="list-unstyled d-flex flex-wrap gap-2 mb-0">
                {[...study.stack.services, ...study.stack.technologies].map((p) => (
                  <li key={p.path}>
                    <Link to={p.path} className="btn btn-outline-primary btn-sm">
                      {p.name}
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          </div>
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
