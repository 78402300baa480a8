import { ContactSection } from "~/components/sections/contact-section";
import { CtaBand } from "~/components/sections/cta-band";
import { FaqSection } from "~/components/sections/faq-accordion";
import { FeatureGrid } from "~/components/sections/feature-grid";
import { ServiceArt } from "~/components/sections/topic-art";
import { PageBanner } from "~/components/sections/page-banner";
import { CaseStudiesSection } from "~/components/sections/case-studies-section";
import { caseStudiesTagged } from "~/content/collections.server";
import { caseStudiesFrom } from "~/content/case-studies.server";
import { taggedCaseStudies } from "~/content/proof";
import { services, serviceCta, type Service } from "~/content/services";
import { breadcrumbList } from "~/lib/json-ld";
import { metaForPath } from "~/lib/seo";
import { useCurrentPage, normalizePath } from "~/site/current-page";
import { pageByPath } from "~/site/pages";
import type { Route } from "./+types/service";
import { SectionHead } from "~/components/sections/section-head";
import type { ClosingCtaHandle } from "~/components/sections/cta-band";

function serviceFor(pathname: string): { service: Service; path: string } {
  const page = pageByPath(normalizePath(pathname));
  const service = page?.slug ? services[page.slug] : undefined;
  if (!page || !service) throw new Response("Not Found", { status: 404 });
  return { service, path: page.path };
}

/** The case studies tagged with this service (decision 066). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const page = pageByPath(normalizePath(new URL(request.url).pathname));
  return { studies: page?.slug ? caseStudiesTagged({ service: page.slug }, undefined, caseStudiesFrom(context)) : [] };
}

/** The page ends in its own call to action, so the layout adds no closing band (decision 042). */
export const handle: ClosingCtaHandle = { closingCta: false };

export const meta: Route.MetaFunction = ({ location }) => {
  const { service, path } = serviceFor(location.pathname);
  return metaForPath(location.pathname, [
    breadcrumbList([
      { name: "Home", path: "/" },
      { name: "Services", path: "/services" },
      { name: service.name, path },
    ]),
  ]);
};

export default function ServicePage({ loaderData }: Route.ComponentProps) {
  const page = useCurrentPage();
  const { service } = serviceFor(page.path);
  return (
    <>
      <PageBanner
        crumbs={[{ name: "Home", path: "/" }, { name: "Services", path: "/services" }, { name: service.name }]}
        title={service.hero.heading}
        description={service.hero.description}
        cta={{ label: service.hero.buttonLabel, to: service.hero.link }}
        visual={<ServiceArt kind={service.art} />}
      />
      <section className="section" aria-labelledby="intro-heading">
        <div className="container">
          <SectionHead id="intro-heading" eyebrow={service.subtitle} heading={service.title} />
          <div className="intro-columns">
            {service.description.map((p) => (
              <p key={p}>{p}</p>
            ))}
          </div>
          <FeatureGrid features={service.services} />
        </div>
      </section>
      <section className="section section--tinted" aria-labelledby="why-heading">
        <div className="container">
          <div className="row g-4 gx-lg-5 align-items-center">
            <div className="col-lg-6">
              <SectionHead id="why-heading" eyebrow="Why us" heading={service.heading} beside />
              <p className="why-lead">{service.subheading}</p>
              <p className="mb-0">{service.whyDescription}</p>
            </div>
            <div className="col-lg-6">
              <ul className="proof-list list-unstyled mb-0">
                {service.whyPoints.map((p) => (
                  <li key={p}>{p}</li>
                ))}
              </ul>
            </div>
          </div>
        </div>
      </section>
      <CaseStudiesSection
        id="service-case-studies-heading"
        heading={taggedCaseStudies.heading}
        lead={taggedCaseStudies.serviceLead(service.name)}
        studies={loaderData.studies}
      />
      <CtaBand
        heading={serviceCta.heading}
        text={serviceCta.text}
        actions={[{ label: serviceCta.buttonLabel, to: serviceCta.link }]}
      />
      <FaqSection
        id="service-faq"
        heading={service.faq.title}
        text={service.faq.subtitle}
        items={service.faq.questions}
      />
      <ContactSection
        id={`${page.slug}-contact`}
        heading={`Talk to our ${service.name.toLowerCase()} team`}
        text="Tell us what you need and a specialist will reply within one business day."
      />
    </>
  );
}
