import { Link } from "react-router";
import { CaseStudyCard } from "~/components/sections/case-study-card";
import { cardGrid } from "~/components/sections/card-grid";
import { PageBanner } from "~/components/sections/page-banner";
import { caseStudies, caseStudyPaths, groupSlug } from "~/content/collections";
import { caseStudySummary, groupsNamed } from "~/content/collections.server";
import { caseStudiesFrom } from "~/content/case-studies.server";
import { metaForPath } from "~/lib/seo";
import type { Route } from "./+types/case-study-list";
import type { ClosingCtaHandle } from "~/components/sections/cta-band";

/** The closing call to action speaks of results like these (decision 042). */
export const handle: ClosingCtaHandle = { closingCta: "case-study" };

export async function loader({ context }: Route.LoaderArgs) {
  const studies = caseStudiesFrom(context);
  return {
    studies: studies.map(caseStudySummary),
    categories: groupsNamed(
      caseStudies,
      studies.map((s) => s.category),
    ),
  };
}

export const meta: Route.MetaFunction = ({ location }) => metaForPath(location.pathname);

export default function CaseStudyListPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageBanner
        crumbs={[{ name: "Home", path: "/" }, { name: "Case Studies" }]}
        title="Case Studies"
        description="Real projects, measured results: how our teams helped clients ship faster, spend less and serve their customers better."
      />
      <section className="section">
        <div className="container">
          <nav aria-label="Case study categories" className="mb-4">
            <ul className="category-filters list-unstyled d-flex flex-wrap gap-2">
              {loaderData.categories.map((c) => (
                <li key={c}>
                  <Link className="btn btn-outline-primary btn-sm" to={caseStudyPaths.category(groupSlug(c))}>
                    {c}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <ul className={cardGrid(loaderData.studies.length, 2)}>
            {loaderData.studies.map((s, i) => (
              <li key={s.id}>
                <CaseStudyCard study={s} first={i === 0} />
              </li>
            ))}
          </ul>
        </div>
      </section>
    </>
  );
}
