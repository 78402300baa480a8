import { Link } from "react-router";

export interface Crumb {
  name: string;
  path?: string;
}

/**
 * Top of inner pages: breadcrumb, title, description and one call to action. Light by default
 * (each page keeps one dark band, its closing call to action); "dark" for pages without one.
 * With a visual, the text and the illustration sit side by side from lg and the visual is left
 * out on narrow screens, where it would only push the content down. Without one, the text keeps
 * to one narrow column in the middle (the width of `.narrow`), so no half of a wide screen is
 * left blank: centred, or at the column's start (`align="start"`) for an article whose narrow
 * body below starts at the same edge.
 */
export function PageBanner({
  crumbs,
  title,
  description,
  cta,
  visual,
  tone = "light",
  align = "center",
}: {
  crumbs: readonly Crumb[];
  title: string;
  description: string;
  cta?: { label: string; to: string };
  visual?: React.ReactNode;
  tone?: "light" | "dark";
  align?: "center" | "start";
}) {
  const text = (
    <>
      <nav aria-label="Breadcrumb">
        <ol className="breadcrumb">
          {crumbs.map((c, i) =>
            i === crumbs.length - 1 ? (
              <li key={c.name} className="breadcrumb-item active" aria-current="page">
                {c.name}
              </li>
            ) : (
              <li key={c.name} className="breadcrumb-item">
                {c.path ? <Link to={c.path}>{c.name}</Link> : c.name}
              </li>
            ),
          )}
        </ol>
      </nav>
      <h1>{title}</h1>
      <p className="page-banner__text">{description}</p>
      {cta ? (
        <Link to={cta.to} className={`btn btn-lg ${tone === "dark" ? "btn-light" : "btn-primary"}`}>
          {cta.label}
        </Link>
      ) : null}
    </>
  );
  return (
    <section
      className={`page-banner page-banner--${tone}${visual ? "" : ` page-banner--narrow page-banner--${align}`}`}
    >
      {visual ? (
        <div className="container">
          <div className="row align-items-center g-4">
            <div className="col-lg-7">{text}</div>
            <div className="col-lg-5 d-none d-lg-block page-banner__visual">{visual}</div>
          </div>
        </div>
      ) : (
        <div className="container narrow">{text}</div>
      )}
    </section>
  );
}
