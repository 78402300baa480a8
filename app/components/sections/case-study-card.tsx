import { Link } from "react-router";
import { caseStudyPaths } from "~/content/collections";
import type { CaseStudySummary } from "~/content/case-study-summary";
import { ResultFigures } from "./result-figures";
import { StudyPictureView } from "./study-picture";

export type { CaseStudySummary };

/**
 * A case study's card: its picture, category and industry, the title (the link), the excerpt and
 * its first two result figures (the headline ones; the study's page shows them all), the proof a
 * buyer scans for first.
 * `first`: the card at the top of its list, whose image is the page's largest paint on a phone;
 * it loads at once and first, the others only when scrolled near.
 * `heading`: h2 on the list pages, h3 in a section that has its own h2 (home, service, technology).
 */
export function CaseStudyCard({
  study,
  first = false,
  heading: Heading = "h2",
}: {
  study: CaseStudySummary;
  first?: boolean;
  heading?: "h2" | "h3";
}) {
  return (
    <article className="case-card h-100 d-flex flex-column">
      <StudyPictureView
        picture={study.picture}
        first={first}
        sizes="(min-width: 992px) 33vw, (min-width: 768px) 50vw, 100vw"
        className="case-card__image"
      />
      <div className="case-card__body d-flex flex-column">
        <p className="eyebrow">
          {study.category}
          <span className="text-body-secondary"> · {study.industry}</span>
        </p>
        <Heading className="h4">
          <Link to={caseStudyPaths.detail(study.id)}>{study.title}</Link>
        </Heading>
        <p>{study.excerpt}</p>
        <ResultFigures results={study.results.slice(0, 2)} compact />
      </div>
    </article>
  );
}
