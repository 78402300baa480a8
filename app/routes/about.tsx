import { Link } from "react-router";
import { FeatureGrid } from "~/components/sections/feature-grid";
import { PageBanner } from "~/components/sections/page-banner";
import { about } from "~/content/company";
import { metaForPath } from "~/lib/seo";
import type { Route } from "./+types/about";

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
        <div className="container narrow">
          <h2 id="story-heading" className="section-title">
            {about.title}
          </h2>
          {about.story.map((p) => (
            <p key={p}>{p}</p>
          ))}
          <p>
            <Link to="/team">Meet our team</Link> · <Link to="/portfolio">See our portfolio</Link>
          </p>
        </div>
      </section>
      <section className="section section--tinted" aria-labelledby="values-heading">
        <div className="container">
          <h2 id="values-heading" className="section-title text-center">
            What we stand for
          </h2>
          <FeatureGrid features={about.values} />
        </div>
      </section>
    </>
  );
}
