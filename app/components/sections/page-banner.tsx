import { Link } from "react-router";

export interface Crumb {
  name: string;
  path?: string;
}

/** Top of inner pages: breadcrumb, title, description and one call to action. */
export function PageBanner({
  crumbs,
  title,
  description,
  cta,
}: {
  crumbs: readonly Crumb[];
  title: string;
  description: string;
  cta?: { label: string; to: string };
}) {
  return (
    <section className="page-banner">
      <div className="container">
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
          <Link to={cta.to} className="btn btn-light btn-lg">
            {cta.label}
          </Link>
        ) : null}
      </div>
    </section>
  );
}
