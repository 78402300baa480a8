/**
 * The head of a section: an optional eyebrow, the heading and an optional lead, always in that
 * order and always drawn by this one component (decision 042).
 *
 * One alignment rule: a head is centred over the full width of its section, and starts at the
 * column's edge when it shares a row with something beside it (a picture, a list), because a
 * centred head above a column would centre on the column, not the page.
 */
export function SectionHead({
  id,
  eyebrow,
  heading,
  lead,
  beside = false,
}: {
  /** The heading's id, which the section names itself by (aria-labelledby). */
  id: string;
  eyebrow?: string;
  heading: React.ReactNode;
  lead?: React.ReactNode;
  /** The head sits in a column beside other content: it starts at the column's edge. */
  beside?: boolean;
}) {
  return (
    <div className={beside ? "section-head section-head--start" : "section-head"}>
      {eyebrow ? <p className="eyebrow">{eyebrow}</p> : null}
      <h2 id={id} className="section-title">
        {heading}
      </h2>
      {lead ? <p className="section-lead">{lead}</p> : null}
    </div>
  );
}
