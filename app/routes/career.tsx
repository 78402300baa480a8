import { keepSample, sampleOf } from "~/components/careers/build-sample";
import { documentNavigation } from "~/components/careers/document-navigation";
import { readCareersData, type CareerListData } from "~/components/careers/careers-data";
import { OpenRoles } from "~/components/careers/open-roles";
import { sampleListData } from "~/components/careers/sample-data";
import { FeatureGrid } from "~/components/sections/feature-grid";
import { TeamArt } from "~/components/sections/topic-art";
import { PageBanner } from "~/components/sections/page-banner";
import { careersPage } from "~/content/company-pages";
import { Island } from "~/islands/island";
import { metaForPath } from "~/lib/seo";
import type { Route } from "./+types/career";
import { SectionHead } from "~/components/sections/section-head";
import type { ClosingCtaHandle } from "~/components/sections/cta-band";

const careerPath = "/career";

/** The page ends in its own call to action, so the layout adds no closing band (decision 042). */
export const handle: ClosingCtaHandle = { closingCta: false };

/**
 * At build time only: hands the sample roles to the prerender (build-sample.ts) and returns
 * nothing. The open roles are not the build's: the server renders them into this page on every
 * request (server/careers/). Having a loader also keeps the route from loading anything to hydrate.
 */

export function loader() {
  return keepSample(sampleListData());
}

export const clientLoader = documentNavigation;

/** No JobPosting here: a list of jobs carries none (Google's guidelines); each role's page has one. */
export const meta: Route.MetaFunction = ({ location }) => metaForPath(location.pathname);

/** The roles the page shows: the server's, from the page itself; at build time, the sample the template holds. */
function listData(): CareerListData {
  return import.meta.env.SSR ? sampleOf("list") : readCareersData(["list"]);
}

export default function CareerPage() {
  // The roles and the positions the form offers: both the server's, read from the page.
  const data = listData();
  return (
    <>
      <PageBanner
        crumbs={[{ name: "Home", path: "/" }, { name: "Career" }]}
        title="Build your career with us"
        description={careersPage.intro}
        cta={{ label: "See open roles", to: `${careerPath}#open-roles` }}
        visual={<TeamArt />}
      />
      <OpenRoles data={data} />
      <section className="section section--tinted" aria-labelledby="perks-heading">
        <div className="container">
          <SectionHead id="perks-heading" eyebrow="Life at Altiva Cloud" heading="Why engineers join us" />
          <FeatureGrid features={careersPage.perks} />
        </div>
      </section>
      <section className="section" aria-labelledby="apply-heading">
        <div className="container narrow">
          <SectionHead id="apply-heading" heading={careersPage.formHeading} lead={careersPage.formText} />
          <Island name="career-form" props={{ positions: data.positions }} />
        </div>
      </section>
    </>
  );
}
