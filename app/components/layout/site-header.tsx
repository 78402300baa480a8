import { useState } from "react";
import { Offcanvas } from "react-bootstrap";
import { Icon } from "~/components/icon/icon";
import { Link, NavLink } from "react-router";
import { company } from "~/site/company";
import { headerLinks, pagesIn } from "~/site/pages";
import { Logo } from "./logo";
import { NavDropdown } from "./nav-dropdown";

const groups = [
  { key: "services", label: "Services" },
  { key: "technology", label: "Technology" },
] as const;

function MobileMenu() {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <>
      <button
        type="button"
        className="btn btn-outline-primary d-lg-none mobile-menu-toggle"
        aria-controls="mobile-menu"
        aria-expanded={open}
        aria-label="Open menu"
        onClick={() => setOpen(true)}
      >
        <Icon name="menu" />
      </button>
      {/* Offcanvas traps focus while open and returns it to the toggle; Escape and the backdrop close it. */}
      <Offcanvas id="mobile-menu" show={open} onHide={close} placement="end" aria-labelledby="mobile-menu-title">
        <Offcanvas.Header closeButton closeLabel="Close menu">
          <Offcanvas.Title as="h2" id="mobile-menu-title">
            Menu
          </Offcanvas.Title>
        </Offcanvas.Header>
        <Offcanvas.Body>
          <nav aria-label="Mobile">
            {groups.map((group) => (
              <div key={group.key} className="mb-3">
                <h3 className="mobile-menu__group">{group.label}</h3>
                <ul className="nav flex-column">
                  {pagesIn(group.key).map((page) => (
                    <li key={page.path} className="nav-item">
                      <NavLink className="nav-link" to={page.path} end onClick={close}>
                        {page.label}
                      </NavLink>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
            <ul className="nav flex-column">
              {headerLinks().map((page) => (
                <li key={page.path} className="nav-item">
                  <NavLink className="nav-link" to={page.path} end onClick={close}>
                    {page.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        </Offcanvas.Body>
      </Offcanvas>
    </>
  );
}

export function SiteHeader() {
  return (
    <header className="site-header">
      <div className="container d-flex align-items-center justify-content-between">
        <Link to="/" className="navbar-brand" aria-label={`${company.name}, home`}>
          <Logo />
        </Link>
        <nav aria-label="Main" className="d-none d-lg-block">
          <ul className="nav site-nav">
            {groups.map((group) => (
              <NavDropdown key={group.key} label={group.label} items={pagesIn(group.key)} />
            ))}
            {headerLinks().map((page) => (
              <li key={page.path} className="nav-item">
                <NavLink className="nav-link" to={page.path} end>
                  {page.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <MobileMenu />
      </div>
    </header>
  );
}
