import { Link } from "react-router";
import { ContactSection } from "~/components/sections/contact-section";
import { CtaBand } from "~/components/sections/cta-band";
import { FeatureGrid } from "~/components/sections/feature-grid";
import { CodeVisual } from "~/components/sections/illustrations";
import { TechnologyArt } from "~/components/sections/technology-art";
import { PageBanner } from "~/components/sections/page-banner";
import { CaseStudiesSection } from "~/components/sections/case-studies-section";
import { caseStudiesTagged } from "~/content/collections.server";
import { caseStudiesFrom } from "~/content/case-studies.server";
import { taggedCaseStudies } from "~/content/proof";
import { staffAugmentationBanner, technologies, type Technology } from "~/content/technologies";
import { breadcrumbList } from "~/lib/json-ld";
import { metaForPath } from "~/lib/seo";
import { normalizePath, useCurrentPage } from "~/site/current-page";
import { pageByPath } from "~/site/pages";
import type { Route } from "./+types/technology";
import { SectionHead } from "~/components/sections/section-head";
import type { ClosingCtaHandle } from "~/components/sections/cta-band";

function technologyFor(pathname: string): { technology: Technology; path: string } {
  const page = pageByPath(normalizePath(pathname));
  const technology = page?.slug ? technologies[page.slug] : undefined;
  if (!page || !technology) throw new Response("Not Found", { status: 404 });
  return { technology, path: page.path };
}

/** The case studies tagged with this technology (decision 066). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const page = pageByPath(normalizePath(new URL(request.url).pathname));
  return {
    studies: page?.slug ? caseStudiesTagged({ technology: page.slug }, undefined, caseStudiesFrom(context)) : [],
  };
}

/** The page ends in its own call to action, so the layout adds no closing band (decision 042). */
export const handle: ClosingCtaHandle = { closingCta: false };

export const meta: Route.MetaFunction = ({ location }) => {
  const { technology, path } = technologyFor(location.pathname);
  return metaForPath(location.pathname, [
    breadcrumbList([
      { name: "Home", path: "/" },
      { name: "Technology", path: "/technology" },
      { name: technology.name, path },
    ]),
  ]);
};

export default function TechnologyPage({ loaderData }: Route.ComponentProps) {
  const page = useCurrentPage();
  const { technology: t } = technologyFor(page.path);
  return (
    <>
      <PageBanner
        crumbs={[{ name: "Home", path: "/" }, { name: "Technology", path: "/technology" }, { name: t.name }]}
        title={t.hero.title}
        description={t.hero.description}
        cta={{ label: "GET IN TOUCH", to: "/contact" }}
        visual={<TechnologyArt mark={t.mark} icons={[t.services[0]!.icon, t.services[1]!.icon, t.services[2]!.icon]} />}
      />
      <section className="section" aria-labelledby="tech-services-heading">
        <div className="container">
          <SectionHead id="tech-services-heading" eyebrow={t.servicesSubtitle} heading={t.servicesTitle} />
          <FeatureGrid features={t.services} columns={3} />
        </div>
      </section>
      <CaseStudiesSection
        id="tech-case-studies-heading"
        heading={taggedCaseStudies.heading}
        lead={taggedCaseStudies.technologyLead(t.name)}
        studies={loaderData.studies}
        tinted
      />
      <CtaBand
        heading={staffAugmentationBanner.heading}
        text={staffAugmentationBanner.text}
        actions={[{ label: staffAugmentationBanner.buttonLabel, to: staffAugmentationBanner.link }]}
      />
      <section className="section" aria-labelledby="why-tech-heading">
        <div className="container">
          <div className="row g-4 gx-lg-5 align-items-center">
            <div className="col-md-7 prose-width">
              <SectionHead id="why-tech-heading" heading={`Why ${t.name}`} lead={t.whyDescription} beside />
              <Link to="/contact" className="btn btn-primary">
                Get Started with {t.name}
              </Link>
            </div>
            <div className="col-md-5">
              <CodeVisual name={t.name} />
            </div>
          </div>
        </div>
      </section>
      <ContactSection
        id={t.contactSectionId}
        heading={`Hire ${t.name} experts`}
        text="Tell us about the role and the team. We propose matching engineers within 72 hours."
      />
    </>
  );
}
