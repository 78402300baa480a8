import { Link } from "react-router";
import { Icon } from "~/components/icon/icon";
import { TechMark } from "~/components/icon/tech-marks";
import { CtaBand } from "~/components/sections/cta-band";
import { CodeVisual } from "~/components/sections/illustrations";
import { cardGrid } from "~/components/sections/card-grid";
import { PageBanner } from "~/components/sections/page-banner";
import { technologyOverview } from "~/content/overview";
import { staffAugmentationBanner, technologies } from "~/content/technologies";
import { breadcrumbList } from "~/lib/json-ld";
import { metaForPath } from "~/lib/seo";
import { pagesIn } from "~/site/pages";
import type { Route } from "./+types/technology-overview";
import { SectionHead } from "~/components/sections/section-head";
import { mainAction } from "~/components/layout/header-cta";
import type { ClosingCtaHandle } from "~/components/sections/cta-band";

/** The page ends in its own call to action, so the layout adds no closing band (decision 042). */
export const handle: ClosingCtaHandle = { closingCta: false };

export const meta: Route.MetaFunction = ({ location }) =>
  metaForPath(location.pathname, [
    breadcrumbList([
      { name: "Home", path: "/" },
      { name: "Technology", path: "/technology" },
    ]),
  ]);

/** /technology: every technology page of the page table, then the ways to engage engineers. */
export default function TechnologyOverviewPage() {
  const entries = pagesIn("technology").flatMap((page) => {
    const technology = page.slug ? technologies[page.slug] : undefined;
    return technology ? [{ page, technology }] : [];
  });
  return (
    <>
      <PageBanner
        crumbs={[{ name: "Home", path: "/" }, { name: "Technology" }]}
        title="Technology"
        description={technologyOverview.intro}
        cta={mainAction}
        visual={<CodeVisual name="Your stack" />}
      />
      <section className="section" aria-labelledby="stacks-heading">
        <div className="container">
          <SectionHead id="stacks-heading" eyebrow="Stacks we hire for" heading="Engineers in seven technologies" />
          <ul className={cardGrid(entries.length)}>
            {entries.map(({ page, technology }) => (
              <li key={page.path}>
                <article className="link-card link-card--row h-100">
                  <TechMark name={technology.mark} />
                  <div>
                    <h3 className="h5">
                      <Link to={page.path} className="stretched-link">
                        {technology.name}
                      </Link>
                    </h3>
                    <p className="mb-0">{technology.servicesSubtitle}.</p>
                  </div>
                </article>
              </li>
            ))}
          </ul>
        </div>
      </section>
      <section className="section section--tinted" aria-labelledby="models-heading">
        <div className="container">
          <SectionHead id="models-heading" eyebrow="Ways to work with us" heading="One engineer or a whole team" />
          <ul className="row g-4 list-unstyled">
            {technologyOverview.models.map((m) => (
              <li key={m.title} className="col-12 col-md-4">
                <div className="feature-card h-100">
                  <Icon name={m.icon} className="feature-card__icon" />
                  <h3 className="h5">{m.title}</h3>
                  <p className="mb-0">{m.description}</p>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </section>
      <CtaBand
        heading={staffAugmentationBanner.heading}
        text={staffAugmentationBanner.text}
        actions={[{ label: staffAugmentationBanner.buttonLabel, to: staffAugmentationBanner.link }]}
      />
    </>
  );
}
