import { Link } from "react-router";
import { CaseStudyCard } from "~/components/sections/case-study-card";
import { cardGrid } from "~/components/sections/card-grid";
import { PageBanner } from "~/components/sections/page-banner";
import { caseStudies, caseStudyCategories, caseStudyPaths, groupSlug, missingId } from "~/content/collections";
import { caseStudySummary, loadCaseStudies } from "~/content/collections.server";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/case-study-category";
import type { ClosingCtaHandle } from "~/components/sections/cta-band";

/** The closing call to action speaks of results like these (decision 042). */
export const handle: ClosingCtaHandle = { closingCta: "case-study" };

export async function loader({ params }: Route.LoaderArgs) {
  const wanted = groupSlug(params.group);
  if (wanted === missingId) return { slug: wanted, name: "", studies: [] };
  const studies = loadCaseStudies().filter((s) => groupSlug(s.data.category) === wanted);
  const name = caseStudyCategories.find((c) => groupSlug(c) === wanted) ?? studies[0]?.data.category ?? params.group;
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
