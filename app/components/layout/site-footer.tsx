import { Icon } from "~/components/icon/icon";
import { Link, NavLink } from "react-router";
import { company } from "~/site/company";
import { footerColumn, type FooterColumn } from "~/site/pages";
import { Logo } from "./logo";

const columns: { key: FooterColumn; title: string }[] = [
  { key: "services", title: "Services" },
  { key: "technology", title: "Technology" },
  { key: "company", title: "Company" },
  { key: "policies", title: "Policies" },
];

export const socialLinks = [
  { name: "Facebook", href: company.social.facebook, icon: "facebook" },
  { name: "Instagram", href: company.social.instagram, icon: "instagram" },
  { name: "LinkedIn", href: company.social.linkedin, icon: "linkedin-in" },
  { name: "X", href: company.social.x, icon: "x-twitter" },
] as const;

export function SocialLinks() {
  return (
    <ul className="social-links list-unstyled d-flex gap-2 mb-0">
      {socialLinks.map(({ name, href, icon }) => (
        <li key={name}>
          <a
            href={href}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`${company.shortName} on ${name} (opens in a new tab)`}
          >
            <Icon name={icon} />
          </a>
        </li>
      ))}
    </ul>
  );
}

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="container">
        <div className="row g-4">
          {/* One logo: the mark with the wordmark (the lone second mark went in decision 042). */}
          <div className="col-12 col-lg-4">
            <Link to="/" aria-label={`${company.name}, home`} className="d-inline-block mb-3">
              <Logo tone="light" />
            </Link>
            <p className="site-footer__about">
              Certified cloud, web, mobile and AI engineers who build, migrate and run software for growing companies.
            </p>
            <SocialLinks />
          </div>
          {columns.map((column) => (
            <nav key={column.key} className="col-6 col-md-3 col-lg-2" aria-label={column.title}>
              <h2 className="site-footer__title">{column.title}</h2>
              <ul className="list-unstyled">
                {footerColumn(column.key).map((page) => (
                  <li key={page.path}>
                    <NavLink to={page.path} end>
                      {page.label}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </nav>
          ))}
        </div>
        <p className="site-footer__legal">
          © {new Date().getFullYear()} {company.legalName}, {company.address.street}, {company.address.city},{" "}
          {company.address.region} {company.address.postalCode}.
        </p>
      </div>
    </footer>
  );
}
