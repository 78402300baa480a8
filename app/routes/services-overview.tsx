import { Link } from "react-router";
import { Icon } from "~/components/icon/icon";
import { CtaBand } from "~/components/sections/cta-band";
import { cardGrid } from "~/components/sections/card-grid";
import { CatalogueArt } from "~/components/sections/topic-art";
import { PageBanner } from "~/components/sections/page-banner";
import { servicesOverview } from "~/content/overview";
import { serviceCta, services } from "~/content/services";
import { breadcrumbList } from "~/lib/json-ld";
import { metaForPath } from "~/lib/seo";
import { pagesIn } from "~/site/pages";
import type { Route } from "./+types/services-overview";
import { SectionHead } from "~/components/sections/section-head";
import { mainAction } from "~/components/layout/header-cta";
import type { ClosingCtaHandle } from "~/components/sections/cta-band";

/** The page ends in its own call to action, so the layout adds no closing band (decision 042). */
export const handle: ClosingCtaHandle = { closingCta: false };

export const meta: Route.MetaFunction = ({ location }) =>
  metaForPath(location.pathname, [
    breadcrumbList([
      { name: "Home", path: "/" },
      { name: "Services", path: "/services" },
    ]),
  ]);

/** /services: every service page of the page table as a card, then how an engagement runs. */
export default function ServicesOverviewPage() {
  const entries = pagesIn("services").flatMap((page) => {
    const service = page.slug ? services[page.slug] : undefined;
    return service ? [{ page, service }] : [];
  });
  return (
    <>
      <PageBanner
        crumbs={[{ name: "Home", path: "/" }, { name: "Services" }]}
        title="Services"
        description={servicesOverview.intro}
        cta={mainAction}
        visual={<CatalogueArt icons={entries.map(({ service }) => service.services[0]!.icon)} />}
      />
      <section className="section" aria-labelledby="all-services-heading">
        <div className="container">
          <SectionHead
            id="all-services-heading"
            eyebrow="What we do"
            heading="Seven services, one engineering standard"
          />
          <ul className={cardGrid(entries.length)}>
            {entries.map(({ page, service }) => (
              <li key={page.path}>
                <article className="link-card h-100">
                  <Icon name={service.services[0]!.icon} className="feature-card__icon" />
                  <h3 className="h5">
                    <Link to={page.path} className="stretched-link">
                      {service.name}
                    </Link>
                  </h3>
                  <p className="mb-0">{service.subtitle}.</p>
                </article>
              </li>
            ))}
          </ul>
        </div>
      </section>
      <section className="section section--tinted" aria-labelledby="process-heading">
        <div className="container">
          <SectionHead id="process-heading" eyebrow="How we work" heading="From the first call to production" />
          <ol className="steps list-unstyled row g-4">
            {servicesOverview.steps.map((step, i) => (
              <li key={step.title} className="col-12 col-md-6 col-lg-3">
                <div className="steps__item h-100">
                  <span className="steps__number" aria-hidden="true">
                    {String(i + 1).padStart(2, "0")}
                  </span>
                  <h3 className="h5">{step.title}</h3>
                  <p className="mb-0">{step.description}</p>
                </div>
              </li>
            ))}
          </ol>
        </div>
      </section>
      <CtaBand
        heading={serviceCta.heading}
        text={serviceCta.text}
        actions={[{ label: serviceCta.buttonLabel, to: serviceCta.link }]}
      />
    </>
  );
}
