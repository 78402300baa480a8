import { useLoaderData } from "react-router";
import { documentNavigation } from "~/components/careers/document-navigation";
import { OpenRoles } from "~/components/careers/open-roles";
import { listPageData } from "~/components/careers/page-data";
import { FeatureGrid } from "~/components/sections/feature-grid";
import { TeamArt } from "~/components/sections/topic-art";
import { PageBanner } from "~/components/sections/page-banner";
import { careersPage } from "~/content/company-pages";
import { Island } from "~/islands/island";
import { metaForPath, titleForPath } from "~/lib/seo";
import type { Route } from "./+types/career";
import { SectionHead } from "~/components/sections/section-head";
import type { ClosingCtaHandle } from "~/components/sections/cta-band";
import { formAnswerAction } from "~/components/forms/form-answer";

const careerPath = "/career";

/** The page ends in its own call to action, so the layout adds no closing band (decision 042). */
export const handle: ClosingCtaHandle = { closingCta: false };

/**
 * Rendered per request by the server (server/careers/, docs/decisions/055), never prerendered: the
 * open roles, the address's filter and the form's positions come from the database, in the load
 * context. The page carries them in its careers-data block, which its islands read.
 */
export function loader({ context }: Route.LoaderArgs) {
  const input = context.careers;
  if (input?.kind !== "list") throw new Error("/career is rendered by the server, with the open roles in its context");
  return listPageData(input);
}

export const clientLoader = documentNavigation;

/** No JobPosting here: a list of jobs carries none (Google's guidelines); each role's page has one. */
/** A browser's own post of the page's form is answered here, with the server's answer (form-answer.tsx). */
export const action = formAnswerAction(({ request }) => titleForPath(new URL(request.url).pathname));

export const meta: Route.MetaFunction = ({ location }) => metaForPath(location.pathname);

// The loader's data: the clientLoader only ever redirects (document-navigation.ts).
export default function CareerPage() {
  const data = useLoaderData<typeof loader>();
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
