import { CareerForm } from "~/components/forms/career-form";
import { FeatureGrid } from "~/components/sections/feature-grid";
import { PageBanner } from "~/components/sections/page-banner";
import { careersPage } from "~/content/company";
import { metaForPath } from "~/lib/seo";
import type { Route } from "./+types/career";

export const meta: Route.MetaFunction = ({ location }) => metaForPath(location.pathname);

export default function CareerPage() {
  return (
    <>
      <PageBanner
        crumbs={[{ name: "Home", path: "/" }, { name: "Career" }]}
        title="Build your career with us"
        description={careersPage.intro}
      />
      <section className="section" aria-labelledby="perks-heading">
        <div className="container">
          <h2 id="perks-heading" className="section-title text-center">
            Why engineers join us
          </h2>
          <FeatureGrid features={careersPage.perks} />
        </div>
      </section>
      <section className="section section--tinted" aria-labelledby="apply-heading">
        <div className="container narrow">
          <h2 id="apply-heading" className="section-title text-center">
            {careersPage.formHeading}
          </h2>
          <p className="section-lead text-center">{careersPage.formText}</p>
          <CareerForm />
        </div>
      </section>
    </>
  );
}
