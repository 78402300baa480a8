import { Link } from "react-router";
import { insights, itemPath } from "~/content/collections";
import { StudyPictureView } from "./study-picture";
import { articleDate, type InsightSummary } from "~/content/insight-summary";

/**
 * An insight's card on the list and the tag pages, in the case-study card's frame (no rules of its
 * own: the stylesheet's budget): picture, date and author, the title (the link), the excerpt and
 * its tags, each linking its page.
 * `first`: the card at the top of its list, whose picture is the page's largest paint on a phone.
 */
export function InsightCard({ insight, first = false }: { insight: InsightSummary; first?: boolean }) {
  return (
    <article className="case-card h-100 d-flex flex-column">
      <StudyPictureView picture={insight.picture} first={first} className="case-card__image" />
      <div className="case-card__body d-flex flex-column">
        <p className="eyebrow">
          <time dateTime={insight.date.slice(0, 10)}>{articleDate(insight.date)}</time>
          <span className="text-body-secondary"> · {insight.author.name}</span>
        </p>
        <h2 className="h4">
          <Link to={itemPath(insights, insight.id)}>{insight.title}</Link>
        </h2>
        <p>{insight.excerpt}</p>
        <TagList tags={insight.tags} label={`Tags of ${insight.title}`} />
      </div>
    </article>
  );
}

/** An insight's tags as small outlined links to their pages. */
export function TagList({ tags, label }: { tags: InsightSummary["tags"]; label: string }) {
  return (
    <ul className="list-unstyled d-flex flex-wrap gap-2 mt-auto mb-0" aria-label={label}>
      {tags.map((t) => (
        <li key={t.path}>
          <Link to={t.path} className="btn btn-outline-primary btn-sm">
            {t.name}
          </Link>
        </li>
      ))}
    </ul>
  );
}
