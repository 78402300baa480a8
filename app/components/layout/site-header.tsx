import { Link, NavLink } from "react-router";
import { company } from "~/site/company";
import { currentBelow, headerLinks, pagesIn } from "~/site/pages";
import { headerCta } from "./header-cta";
import { Logo } from "./logo";
import { MobileMenu } from "./mobile-menu";
import { NavDropdown } from "./nav-dropdown";
import { ThemeToggle } from "./theme-toggle";

const groups = [
  { key: "services", label: "Services" },
  { key: "technology", label: "Technology" },
] as const;

export function SiteHeader() {
  return (
    <header className="site-header">
      <div className="container d-flex align-items-center justify-content-between gap-3">
        <Link to="/" className="navbar-brand" aria-label={`${company.name}, home`}>
          <Logo />
        </Link>
        <nav aria-label="Main" className="d-none d-lg-block">
          <ul className="nav site-nav">
            {groups.map((group) => (
              <NavDropdown key={group.key} id={`nav-${group.key}`} label={group.label} items={pagesIn(group.key)} />
            ))}
            {headerLinks().map((page) => (
              <li key={page.path} className="nav-item">
                <NavLink className="nav-link" to={page.path} end={!currentBelow(page.path)}>
                  {page.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="site-header__actions">
          <div className="d-none d-lg-flex">
            <ThemeToggle />
          </div>
          <Link to={headerCta.to} className="btn btn-primary site-header__cta d-none d-xl-inline-flex">
            {headerCta.label}
          </Link>
          <MobileMenu />
        </div>
      </div>
    </header>
  );
}
