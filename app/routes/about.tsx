import { Link } from "react-router";
import { FeatureGrid } from "~/components/sections/feature-grid";
import { WorldMap } from "~/components/sections/world-map";
import { PageBanner } from "~/components/sections/page-banner";
import { about } from "~/content/company-pages";
import { metaForPath } from "~/lib/seo";
import type { Route } from "./+types/about";
import { SectionHead } from "~/components/sections/section-head";

export const meta: Route.MetaFunction = ({ location }) => metaForPath(location.pathname);

export default function AboutPage() {
  return (
    <>
      <PageBanner
        crumbs={[{ name: "Home", path: "/" }, { name: "About Us" }]}
        title="About Us"
        description={about.intro}
      />
      <section className="section" aria-labelledby="story-heading">
        <div className="container">
          <div className="row g-4 gx-lg-5 align-items-center">
            <div className="col-lg-7 prose-width">
              <SectionHead id="story-heading" eyebrow="Our story" heading={about.title} beside />
              {about.story.map((p) => (
                <p key={p}>{p}</p>
              ))}
              <p className="d-flex flex-wrap gap-2 mb-0">
                <Link to="/team" className="btn btn-primary">
                  Meet our team
                </Link>
                <Link to="/portfolio" className="btn btn-outline-primary">
                  See our portfolio
                </Link>
              </p>
            </div>
            <div className="col-lg-5">
              <div className="map-card">
                <WorldMap />
              </div>
            </div>
          </div>
        </div>
      </section>
      <section className="section section--tinted" aria-labelledby="values-heading">
        <div className="container">
          <SectionHead id="values-heading" heading="What we stand for" />
          <FeatureGrid features={about.values} />
        </div>
      </section>
    </>
  );
}
