import { data, Link } from "react-router";
import { CaseStudyCard } from "~/components/sections/case-study-card";
import { cardGrid } from "~/components/sections/card-grid";
import { PageBanner } from "~/components/sections/page-banner";
import { caseStudies, caseStudyCategories, caseStudyPaths, groupSlug, missingId } from "~/content/collections";
import { caseStudySummary } from "~/content/collections.server";
import { caseStudiesFrom, fromStore } from "~/content/case-studies.server";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/case-study-category";
import type { ClosingCtaHandle } from "~/components/sections/cta-band";

/** The closing call to action speaks of results like these (decision 042). */
export const handle: ClosingCtaHandle = { closingCta: "case-study" };

/**
 * A category's studies. Rendered by the server from the store, a category no live study is in
 * answers 404 (the prerender writes only the categories with a study, and a stand-in for the rest).
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const wanted = groupSlug(params.group);
  const none = { slug: wanted, name: "", studies: [] };
  if (wanted === missingId) return data(none, { status: fromStore(context) ? 404 : 200 });
  const studies = caseStudiesFrom(context).filter((s) => groupSlug(s.category) === wanted);
  if (studies.length === 0 && fromStore(context)) return data(none, { status: 404 });
  const name = caseStudyCategories.find((c) => groupSlug(c) === wanted) ?? studies[0]?.category ?? params.group;
  return { slug: wanted, name, studies: studies.map(caseStudySummary) };
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  !loaderData?.name
    ? [{ title: "Case Studies" }, { name: "robots", content: "noindex" }]
    : pageMeta({
        path: caseStudyPaths.category(loaderData.slug),
        collectionKind: caseStudies.groups?.kind,
        title: `${loaderData.name} Case Studies`,
        description: `Case studies of Altiva Cloud's ${loaderData.name.toLowerCase()} projects: the challenge, what we built and the results we measured.`,
        keywords: ["case studies", loaderData.name, "Altiva Cloud"],
      });

export default function CaseStudyCategoryPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageBanner
        crumbs={[
          { name: "Home", path: "/" },
          { name: "Case Studies", path: "/case-study" },
          { name: loaderData.name || "Category" },
        ]}
        title={loaderData.name ? `${loaderData.name} Case Studies` : "Case Studies"}
        description="Projects in this category, with the challenge, the solution and the results."
      />
      <section className="section">
        <div className="container">
          {loaderData.studies.length === 0 ? (
            <p className="lead">No case studies found for this category.</p>
          ) : (
            <ul className={cardGrid(loaderData.studies.length, 2)}>
              {loaderData.studies.map((s, i) => (
                <li key={s.id}>
                  <CaseStudyCard study={s} first={i === 0} />
                </li>
              ))}
            </ul>
          )}
          <Link to="/case-study">All case studies</Link>
        </div>
      </section>
    </>
  );
}
