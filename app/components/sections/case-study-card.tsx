import { Link } from "react-router";
import { caseStudyPaths } from "~/content/collections";

export interface CaseStudySummary {
  id: string;
  title: string;
  category: string;
  excerpt: string;
  image: string;
  imageAlt: string;
}

/**
 * `first`: the card at the top of its list, whose image is the page's largest paint on a phone;
 * it loads at once and first, the others only when scrolled near.
 */
export function CaseStudyCard({ study, first = false }: { study: CaseStudySummary; first?: boolean }) {
  return (
    <article className="case-card h-100">
      <img
        src={study.image}
        alt={study.imageAlt}
        width={640}
        height={360}
        loading={first ? "eager" : "lazy"}
        fetchPriority={first ? "high" : "auto"}
        className="case-card__image"
      />
      <div className="case-card__body">
        <p className="eyebrow">{study.category}</p>
        <h2 className="h4">
          <Link to={caseStudyPaths.detail(study.id)}>{study.title}</Link>
        </h2>
        <p>{study.excerpt}</p>
      </div>
    </article>
  );
}
