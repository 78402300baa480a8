import { Link } from "react-router";
import { Icon, type IconName } from "~/components/icon/icon";

/** Where a visitor who followed a broken link most likely wanted to go. */
const destinations: readonly { to: string; label: string; text: string; icon: IconName }[] = [
  { to: "/services", label: "Services", text: "Cloud, web, mobile, AI, migration and DevOps.", icon: "layers" },
  { to: "/technology", label: "Technology", text: "Hire React, Python, Node.js and more.", icon: "code" },
  { to: "/case-study", label: "Case Studies", text: "Projects and the results we measured.", icon: "chart" },
  { to: "/career", label: "Career", text: "Open roles in our four offices.", icon: "users" },
  { to: "/contact", label: "Contact", text: "Ask us anything; we reply within a day.", icon: "envelope" },
];

/** The site's "page not found": the 404 page, and the answer to an address under /career that names no role. */
export function NotFoundSection() {
  return (
    <section className="not-found section">
      <div className="container">
        <div className="not-found__head">
          <p className="not-found__code" aria-hidden="true">
            404
          </p>
          <h1>Page not found</h1>
          <p className="section-lead">
            The page you asked for does not exist or has moved. The address may be mistyped, or the link that brought
            you here is out of date.
          </p>
          <Link to="/" className="btn btn-primary btn-lg">
            Go to the home page
          </Link>
        </div>
        <h2 className="h5 text-center mt-5 mb-3">Or go straight to</h2>
        <ul className="row g-3 list-unstyled justify-content-center">
          {destinations.map((d) => (
            <li key={d.to} className="col-12 col-sm-6 col-lg-4">
              <div className="link-card link-card--row h-100">
                <Icon name={d.icon} className="feature-card__icon" />
                <div>
                  <Link to={d.to} className="stretched-link fw-semibold">
                    {d.label}
                  </Link>
                  <p className="mb-0 small">{d.text}</p>
                </div>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
