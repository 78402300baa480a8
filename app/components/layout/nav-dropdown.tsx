import { useEffect, useRef, type CSSProperties, type KeyboardEvent } from "react";
import { NavLink, useLocation } from "react-router";
import type { PageEntry } from "~/site/pages";

/**
 * A header dropdown of page links: the disclosure pattern the WAI-ARIA practices recommend for
 * site navigation (a button that shows a list of links), styled by Bootstrap's dropdown classes.
 *
 * The list is a popover the button opens through `popovertarget`, so the browser itself does the
 * opening and closing, before the scripts have loaded and without JavaScript: a click toggles it,
 * a click outside or Escape closes it (focus back on the button), opening one closes the other,
 * and the button is exposed as expanded or collapsed. CSS anchor positioning puts it under its
 * button. The script adds the rest: it closes when focus leaves it and on navigation, and the
 * arrow keys, Home and End move between its links.
 *
 * It replaces react-bootstrap's Dropdown, whose Popper positioning a menu that always opens
 * straight below its button never needed, and which cost every page 10 KB of gzip JavaScript
 * (docs/decisions/009-first-paint-and-page-weight.md).
 */
export function NavDropdown({ id, label, items }: { id: string; label: string; items: readonly PageEntry[] }) {
  const { pathname } = useLocation();
  const root = useRef<HTMLLIElement>(null);
  const menu = useRef<HTMLUListElement>(null);
  const menuId = `${id}-menu`;
  const active = items.some((p) => p.path === pathname);

  const isOpen = () => menu.current?.matches(":popover-open") ?? false;
  const close = () => {
    if (isOpen()) menu.current?.hidePopover();
  };
  // Closes on navigation, not on hydration: a list opened before the scripts arrived stays open.
  const shownAt = useRef(pathname);
  useEffect(() => {
    if (shownAt.current === pathname) return;
    shownAt.current = pathname;
    if (menu.current?.matches(":popover-open")) menu.current.hidePopover();
  }, [pathname]);

  const onKeyDown = (event: KeyboardEvent) => {
    const links = [...(menu.current?.querySelectorAll<HTMLAnchorElement>(".dropdown-item") ?? [])];
    const at = links.indexOf(document.activeElement as HTMLAnchorElement);
    const focus = (i: number) => {
      event.preventDefault();
      if (!isOpen()) menu.current?.showPopover();
      links[(i + links.length) % links.length]?.focus();
    };
    if (event.key === "ArrowDown") focus(at + 1);
    else if (event.key === "ArrowUp") focus(at < 0 ? links.length - 1 : at - 1);
    else if (event.key === "Home" && at >= 0) focus(0);
    else if (event.key === "End" && at >= 0) focus(links.length - 1);
  };

  return (
    // The item only delegates: its keys and focus changes come from the button and the links inside.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <li
      ref={root}
      className="nav-item dropdown"
      // Names the anchor the popover is placed against (see .site-nav in _layout.scss).
      style={{ "--nav-anchor": `--${id}` } as CSSProperties}
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        if (!root.current?.contains(event.relatedTarget as Node | null)) close();
      }}
    >
      <button
        type="button"
        className={`dropdown-toggle nav-link btn btn-link${active ? " active" : ""}`}
        popoverTarget={menuId}
      >
        {label}
      </button>
      <ul ref={menu} id={menuId} className="dropdown-menu" popover="auto">
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
