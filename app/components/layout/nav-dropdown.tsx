import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { NavLink, useLocation } from "react-router";
import type { PageEntry } from "~/site/pages";

/**
 * A header dropdown of page links: the disclosure pattern the WAI-ARIA practices recommend for
 * site navigation (a button with aria-expanded that shows a list of links), styled by
 * Bootstrap's dropdown classes. It opens and closes on click, closes on an outside click, on
 * Escape (focus back on the button), when focus leaves it and on navigation; the arrow keys,
 * Home and End move between its links. The links are always in the prerendered HTML, for
 * crawlers and for visitors without JavaScript (they also reach every page from the footer).
 *
 * It replaces react-bootstrap's Dropdown, whose Popper positioning a menu that always opens
 * straight below its button never needed, and which cost every page 10 KB of gzip JavaScript
 * (docs/decisions/009-first-paint-and-page-weight.md).
 */
export function NavDropdown({ label, items }: { label: string; items: readonly PageEntry[] }) {
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLLIElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const active = items.some((p) => p.path === pathname);

  useEffect(() => setOpen(false), [pathname]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [open]);

  const links = () => [...(root.current?.querySelectorAll<HTMLAnchorElement>(".dropdown-item") ?? [])];

  const onKeyDown = (event: KeyboardEvent) => {
    const all = links();
    const at = all.indexOf(document.activeElement as HTMLAnchorElement);
    const focus = (i: number) => {
      event.preventDefault();
      setOpen(true);
      // The menu may only now be shown; focus once it is displayed.
      requestAnimationFrame(() => all[(i + all.length) % all.length]?.focus());
    };
    if (event.key === "Escape" && open) {
      event.preventDefault();
      setOpen(false);
      toggle.current?.focus();
    } else if (event.key === "ArrowDown") focus(at + 1);
    else if (event.key === "ArrowUp") focus(at < 0 ? all.length - 1 : at - 1);
    else if (event.key === "Home" && at >= 0) focus(0);
    else if (event.key === "End" && at >= 0) focus(all.length - 1);
  };

  return (
    // The item only delegates: its keys and focus changes come from the button and the links inside.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <li
      ref={root}
      className={`nav-item dropdown${open ? " show" : ""}`}
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        if (!root.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={toggle}
        type="button"
        className={`dropdown-toggle nav-link btn btn-link${active ? " active" : ""}`}
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((o) => !o)}
      >
        {label}
      </button>
      <ul id={menuId} className={`dropdown-menu${open ? " show" : ""}`} data-bs-popper="static">
        {items.map((page) => (
          <li key={page.path}>
            <NavLink to={page.path} end className="dropdown-item">
              {page.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </li>
  );
}
