import { data, Link } from "react-router";
import { RichText } from "~/components/content/RichText";
import { ResponsiveImage } from "~/components/content/ResponsiveImage";
import { PageBanner } from "~/components/sections/page-banner";
import { ResultFigures } from "~/components/sections/result-figures";
import { StudyPictureView } from "~/components/sections/study-picture";
import { caseStudies, caseStudyPageWords, itemPath } from "~/content/collections";
import { caseStudyStack } from "~/content/collections.server";
import { caseStudiesFrom, fromStore, imagesFrom, isPreviewOf } from "~/content/case-studies.server";
import { collectionItemMeta } from "~/lib/collection-meta";
import { caseStudyArticle } from "~/lib/json-ld";
import type { Route } from "./+types/case-study";
import type { ImageMeta } from "@contracts/content/site-context";
import type { ClosingCtaHandle } from "~/components/sections/cta-band";

/** The closing call to action speaks of results like these (decision 042). */
export const handle: ClosingCtaHandle = { closingCta: "case-study" };

/**
 * The study at this address: from the store when the server renders the page with it (an unknown
 * address then answers 404 here), else from the build's Markdown (the prerender writes the
 * "not found" stand-in the server answers with 404). The figures of its rich text come along.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const study = caseStudiesFrom(context).find((s) => s.id === params.id);
  if (!study) return data({ study: null, images: {}, preview: false }, { status: fromStore(context) ? 404 : 200 });
  const images = imagesFrom(context);
  const named = "challenge" in study.story ? JSON.stringify(study.story) : "";
  return {
    study: { ...study, stack: caseStudyStack(study) },
    // Only the images its story names travel with the page.
    images: Object.fromEntries(Object.entries(images).filter(([id]) => named.includes(`"${id}"`))),
    preview: isPreviewOf(context, study.id),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const study = loaderData?.study;
  if (!study) return collectionItemMeta(caseStudies, null);
  return collectionItemMeta(
    caseStudies,
    { ...study, group: study.category },
    { jsonLd: [caseStudyArticle({ ...study, path: itemPath(caseStudies, study.id) })], preview: loaderData.preview },
  );
};

/**
 * One case study, proof first (decision 066): who the client is and the results as figures at the
 * top, then the client's words, the team and the stack (linking the service and technology pages),
 * then the story.
 */
export default function CaseStudyPage({ loaderData }: Route.ComponentProps) {
  const { study, images } = loaderData;
  const figure = (imageId: string, alt: string) => {
    const image = (images as Record<string, ImageMeta>)[imageId];
    return image ? <ResponsiveImage image={image} alt={alt} sizes="(min-width: 992px) 720px, 100vw" /> : null;
  };
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
              <dt className="eyebrow mb-0">{caseStudyPageWords.client}</dt>
              <dd className="fw-semibold mb-0">{study.client}</dd>
            </div>
            <div>
              <dt className="eyebrow mb-0">{caseStudyPageWords.industry}</dt>
              <dd className="fw-semibold mb-0">{study.industry}</dd>
            </div>
          </dl>
          <h2 className="visually-hidden">{caseStudyPageWords.results}</h2>
          <ResultFigures results={study.results} />
          {study.quote && (
            <figure className="case-quote section--tinted p-4 rounded-4 mb-4">
              <blockquote className="fs-5 text-body-emphasis mb-2">
                <p className="mb-0">“{study.quote.text}”</p>
              </blockquote>
              <figcaption className="text-body-secondary">
                <strong>{study.quote.name}</strong>, {study.quote.title}
              </figcaption>
            </figure>
          )}
          <div className="case-crew row g-4 mb-4">
            {study.team.length > 0 && (
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
            )}
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
          <StudyPictureView
            picture={study.picture}
            load="page"
            sizes="(min-width: 992px) 720px, 100vw"
            className="article-picture mb-4 rounded art-picture"
          />
          {"html" in study.story ? (
            // Markdown from the repository's own content folder, rendered at build time.
            <div className="prose" dangerouslySetInnerHTML={{ __html: study.story.html }} />
          ) : (
            // The store's rich text: every word React text, links checked again (decision 064).
            <div className="prose">
              <h2>{caseStudyPageWords.challenge}</h2>
              <RichText doc={study.story.challenge} renderImage={figure} className="rich-text" />
              <h2>{caseStudyPageWords.solution}</h2>
              <RichText doc={study.story.solution} renderImage={figure} className="rich-text" />
            </div>
          )}
          <Link to="/case-study">Back to Case Studies</Link>
        </div>
      </article>
    </>
  );
}
