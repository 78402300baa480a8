import { Link } from "react-router";
import type { CaseStudySummary } from "~/content/case-study-summary";
import { caseStudies } from "~/content/collections";
import { proofWords, taggedCaseStudies } from "~/content/proof";
import type { ClientLogoView, PartnerBadgeView } from "~/content/proof-blocks.server";
import { ResponsiveImage } from "~/components/content/ResponsiveImage";
import { cardGrid } from "./card-grid";
import { CaseStudyCard } from "./case-study-card";
import { SectionHead } from "./section-head";

/**
 * Case studies as proof inside another page (home, a service, a technology): a head, the cards
 * with their figures, and the way to all of them. `children`: what follows the cards (the home
 * page's testimonial). Nothing is drawn without a study: an empty proof section would say the opposite.
 */
export function CaseStudiesSection({
  id,
  heading,
  lead,
  studies,
  tinted = false,
  children,
}: {
  id: string;
  heading: string;
  lead: string;
  studies: readonly CaseStudySummary[];
  tinted?: boolean;
  children?: React.ReactNode;
}) {
  if (studies.length === 0) return null;
  return (
    <section className={tinted ? "section section--tinted" : "section"} aria-labelledby={id}>
      <div className="container">
        <SectionHead id={id} eyebrow={taggedCaseStudies.eyebrow} heading={heading} lead={lead} />
        <ul className={cardGrid(studies.length, 3)}>
          {studies.map((s) => (
            <li key={s.id}>
              <CaseStudyCard study={s} heading="h3" />
            </li>
          ))}
        </ul>
        {children}
        <p className="text-center mt-4 mb-0">
          <Link to={caseStudies.list} className="btn btn-outline-primary">
            {taggedCaseStudies.allLabel}
          </Link>
        </p>
      </div>
    </section>
  );
}

/** One client's words, named by first name and role, linking the case study they come from (if any). */
export function Testimonial({
  quote,
  study,
}: {
  quote: { text: string; name: string; title: string };
  study: { title?: string; path?: string; client: string };
}) {
  return (
    <figure className="testimonial section--tinted narrow p-4 rounded-4 mt-5 mb-0 mx-auto text-center">
      <blockquote className="fs-5 text-body-emphasis mb-2">
        <p className="mb-0">“{quote.text}”</p>
      </blockquote>
      <figcaption className="text-body-secondary">
        <strong>{quote.name}</strong>, {quote.title}, {study.client.replace(/^A /, "a ")}.
        {study.path && (
          <>
            {" "}
            <Link to={study.path}>
              {proofWords.readStudy}
              <span className="visually-hidden">: {study.title}</span>
            </Link>
          </>
        )}
      </figcaption>
    </figure>
  );
}

/**
 * The industries of the case studies' clients, drawn as monochrome word badges (decision 066); once
 * the store holds client logos (each with its recorded permission) or partner badges, those
 * (decision 079). A badge links the programme's own directory, where the membership can be checked.
 */
export function ClientIndustries({
  label,
  industries,
  logos,
  badges,
}: {
  label: string;
  industries: readonly string[];
  logos?: readonly ClientLogoView[];
  badges?: readonly PartnerBadgeView[];
}) {
  if (logos || badges) return <ClientLogos logos={logos ?? []} badges={badges ?? []} />;
  if (industries.length === 0) return null;
  return (
    <section className="client-strip py-4" aria-label="Our clients' industries">
      <div className="container d-flex flex-wrap align-items-baseline justify-content-center gap-4">
        <p className="small text-body-secondary mb-0">{label}</p>
        <ul className="list-unstyled d-flex flex-wrap justify-content-center gap-4 m-0">
          {industries.map((i) => (
            <li key={i} className="eyebrow fs-5 fw-bold text-body-secondary mb-0">
              {i}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

/** The stored logos and badges, each drawn 2.5 rem (a logo) or 4 rem (a badge) high on a light tile. */
function ClientLogos({ logos, badges }: { logos: readonly ClientLogoView[]; badges: readonly PartnerBadgeView[] }) {
  return (
    <section className="client-strip py-4" aria-label={proofWords.stripLabel}>
      <div className="container d-flex flex-wrap align-items-center justify-content-center gap-4">
        {logos.length > 0 && (
          <>
            <p className="small text-body-secondary mb-0">{proofWords.logosLabel}</p>
            <ul className="list-unstyled d-flex flex-wrap align-items-center justify-content-center gap-3 m-0">
              {logos.map((logo) => (
                <li key={logo.title} style={tile}>
                  <ResponsiveImage image={logo.image} alt={logo.alt} sizes="10rem" style={logoSize} />
                </li>
              ))}
            </ul>
          </>
        )}
        {badges.length > 0 && (
          <>
            <p className="small text-body-secondary mb-0">{proofWords.badgesLabel}</p>
            <ul className="list-unstyled d-flex flex-wrap align-items-center justify-content-center gap-3 m-0">
              {badges.map((badge) => (
                <li key={badge.title}>
                  <a href={badge.evidence} style={tile}>
                    <ResponsiveImage
                      image={badge.image}
                      alt={proofWords.badgeAlt(badge)}
                      sizes="8rem"
                      style={badgeSize}
                    />
                  </a>
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
    </section>
  );
}

// Inline sizes and tile: the stylesheet has none of these utilities, and a rule would cost every page.
const tile = { display: "block", background: "#fff", borderRadius: ".5rem", padding: ".5rem" } as const;
const logoSize = { height: "2.5rem", width: "auto" } as const;
const badgeSize = { height: "4rem", width: "auto" } as const;
