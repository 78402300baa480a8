import { useState } from "react";
import { Dropdown, Offcanvas } from "react-bootstrap";
import { FaBars } from "react-icons/fa6";
import { Link, NavLink, useLocation } from "react-router";
import { company } from "~/site/company";
import { headerLinks, pagesIn, type PageEntry } from "~/site/pages";
import { Logo } from "./logo";

const groups = [
  { key: "services", label: "Services" },
  { key: "technology", label: "Technology" },
] as const;

/** A header dropdown. `renderOnMount` keeps its links in the prerendered HTML for crawlers and no-JS visitors. */
function NavDropdown({ label, items }: { label: string; items: readonly PageEntry[] }) {
  const { pathname } = useLocation();
  const active = items.some((p) => p.path === pathname);
  return (
    <Dropdown as="li" className="nav-item">
      <Dropdown.Toggle as="button" type="button" className={`nav-link btn btn-link${active ? " active" : ""}`}>
        {label}
      </Dropdown.Toggle>
      <Dropdown.Menu renderOnMount as="ul">
        {items.map((page) => (
          <li key={page.path}>
            <Dropdown.Item as={NavLink} to={page.path} end>
              {page.label}
            </Dropdown.Item>
          </li>
        ))}
      </Dropdown.Menu>
    </Dropdown>
  );
}

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
        <FaBars aria-hidden="true" />
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
