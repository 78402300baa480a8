import { Link } from "react-router";
import { Reveal } from "~/components/layout/reveal";
import { ContactSection } from "~/components/sections/contact-section";
import { CtaBand } from "~/components/sections/cta-band";
import { FaqSection } from "~/components/sections/faq-accordion";
import { Icon } from "~/components/icon/icon";
import { HeroVisual } from "~/components/sections/illustrations";
import { GrowthArt } from "~/components/sections/topic-art";
import { WorldMap } from "~/components/sections/world-map";
import { CaseStudiesSection, ClientIndustries, Testimonial } from "~/components/sections/case-studies-section";
import { caseStudyPaths } from "~/content/collections";
import { caseStudySummary } from "~/content/collections.server";
import { caseStudiesFrom, fromStore } from "~/content/case-studies.server";
import { clientLogosFrom, isProofPreview, partnerBadgesFrom, storedTestimonial } from "~/content/proof-blocks.server";
import { home } from "~/content/home";
import { website } from "~/lib/json-ld";
import { revealTiming } from "~/lib/reveal";
import { metaForPath } from "~/lib/seo";
import type { Route } from "./+types/home";
import { SectionHead } from "~/components/sections/section-head";
import type { ClosingCtaHandle } from "~/components/sections/cta-band";
import { Island } from "~/islands/island";

/** The page ends in its own call to action, so the layout adds no closing band (decision 042). */
export const handle: ClosingCtaHandle = { closingCta: false };

/**
 * The proof on the home page (decision 066): the three newest case studies with their figures,
 * one client's words, and the industries of the clients behind them.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const studies = caseStudiesFrom(context);
  const logos = clientLogosFrom(context);
  const badges = partnerBadgesFrom(context);
  // Keys only when the store gives them: the prerendered page (and its hydration data) stays as it was.
  const stored = {
    ...(logos.length > 0 ? { logos } : {}),
    ...(badges.length > 0 ? { badges } : {}),
    ...(isProofPreview(context) ? { preview: true } : {}),
  };
  const words = storedTestimonial(context);
  if (words) {
    const study = studies.find((s) => s.id === words.caseStudy);
    return {
      featured: studies.slice(0, 3).map(caseStudySummary),
      industries: [...new Set(studies.map((s) => s.industry))],
      testimonial: {
        quote: { text: words.text, name: words.name, title: words.title },
        study: {
          client: words.client,
          ...(study ? { title: study.title, path: caseStudyPaths.detail(study.id) } : {}),
        },
      },
      ...stored,
    };
  }
  // From the store, the study named may be unpublished or renamed: the newest with a quote stands in.
  const quoted =
    studies.find((s) => s.id === home.proof.testimonialFrom && s.quote) ??
    (fromStore(context) ? studies.find((s) => s.quote) : undefined);
  if (!quoted && !fromStore(context))
    throw new Error(`Content error in home: proof.testimonialFrom "${home.proof.testimonialFrom}" is no case study`);
  return {
    featured: studies.slice(0, 3).map(caseStudySummary),
    industries: [...new Set(studies.map((s) => s.industry))],
    testimonial:
      quoted?.quote !== undefined
        ? {
            quote: quoted.quote,
            study: { title: quoted.title, path: caseStudyPaths.detail(quoted.id), client: quoted.client },
          }
        : null,
    ...stored,
  };
}

export const meta: Route.MetaFunction = ({ location, loaderData }) => [
  ...metaForPath(location.pathname, [website()]),
  // A proof block's draft previewed on this page (/preview/<token>).
  ...(loaderData && "preview" in loaderData ? [{ name: "robots", content: "noindex" }] : []),
];

export default function HomePage({ loaderData }: Route.ComponentProps) {
  const [delayShort, delayLong] = revealTiming.delays;
  return (
    <>
      <section className="hero">
        <div className="container">
          <div className="row align-items-center g-4 gx-lg-5">
            <div className="col-lg-6">
              <h1 className="hero__heading">{home.hero.heading}</h1>
              <p className="hero__text">{home.hero.text}</p>
              <div className="d-flex flex-wrap gap-2">
                <Link to={home.hero.primary.to} className="btn btn-light btn-lg">
                  {home.hero.primary.label}
                </Link>
                <Link to={home.hero.secondary.to} className="btn btn-outline-light btn-lg">
                  {home.hero.secondary.label}
                </Link>
              </div>
            </div>
            <div className="col-lg-6 d-none d-lg-block">
              <HeroVisual />
            </div>
          </div>
        </div>
      </section>

      <ClientIndustries
        label={home.proof.clientsLabel}
        industries={loaderData.industries}
        logos={"logos" in loaderData ? loaderData.logos : undefined}
        badges={"badges" in loaderData ? loaderData.badges : undefined}
      />

      <section className="section" aria-labelledby="about-teaser-heading">
        <div className="container">
          <div className="row align-items-center g-4 gx-lg-5">
            <div className="col-md-7 prose-width">
              <Reveal delay={delayShort}>
                <SectionHead id="about-teaser-heading" eyebrow="About us" heading={home.about.heading} beside />
              </Reveal>
              <Reveal delay={delayLong}>
                {home.about.text.map((p) => (
                  <p key={p}>{p}</p>
                ))}
                <Link to={home.about.button.to} className="btn btn-primary">
                  {home.about.button.label}
                </Link>
              </Reveal>
            </div>
            <div className="col-md-5">
              <GrowthArt />
            </div>
          </div>
        </div>
      </section>

      <section className="section section--tinted" aria-labelledby="services-grid-heading">
        <div className="container">
          <SectionHead
            id="services-grid-heading"
            eyebrow="Services"
            heading={home.servicesGrid.heading}
            lead={home.servicesGrid.text}
          />
          <ul className="row g-4 list-unstyled">
            {home.servicesGrid.cards.map((card, i) => (
              <li key={card.title} className="col-12 col-md-6 col-lg-4">
                <Reveal delay={i * revealTiming.staggerPerItem} className="service-card h-100">
                  <Icon name={card.icon} className="feature-card__icon" />
                  <h3 className="h5">{card.title}</h3>
                  <ul className="service-card__features">
                    {card.features.map((f) => (
                      <li key={f}>{f}</li>
                    ))}
                  </ul>
                  {/* The hidden words make the link's own text unique (screen-reader link lists, SEO link-text). */}
                  <Link to={card.link} className="service-card__link">
                    Read More<span className="visually-hidden"> about {card.title}</span>
                  </Link>
                </Reveal>
              </li>
            ))}
          </ul>
          <p className="text-center mt-4 mb-0">
            <Link to="/services" className="btn btn-outline-primary">
              All seven services
            </Link>
          </p>
        </div>
      </section>

      <CaseStudiesSection
        id="home-case-studies-heading"
        heading={home.proof.heading}
        lead={home.proof.text}
        studies={loaderData.featured}
      >
        {loaderData.testimonial && (
          <Testimonial quote={loaderData.testimonial.quote} study={loaderData.testimonial.study} />
        )}
      </CaseStudiesSection>

      <CtaBand
        heading={home.cta.heading}
        subheading={home.cta.subheading}
        text={home.cta.text}
        actions={[home.cta.join, home.cta.contact].map((l) => ({ label: l.label, to: l.to }))}
      >
        <WorldMap />
      </CtaBand>

      <Island name="stats-strip" props={{ stats: home.stats }} />

      <FaqSection id="home-faq" heading={home.faq.heading} text={home.faq.text} items={home.faq.items} />

      <ContactSection id="home-contact" heading={home.contact.heading} text={home.contact.text} />
    </>
  );
}
