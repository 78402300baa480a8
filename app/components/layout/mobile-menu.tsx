import { useEffect, useRef, type KeyboardEvent, type MouseEvent } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { Icon } from "~/components/icon/icon";
import { currentBelow, headerLinks, pagesIn } from "~/site/pages";
import { headerCta } from "./header-cta";
import { ThemeToggle } from "./theme-toggle";

const menuId = "mobile-menu";

const groups = [
  { key: "services", label: "Services" },
  { key: "technology", label: "Technology" },
] as const;

/** Closes the menu whichever way it was opened (as a modal dialog, or as a popover where invoker commands are missing). */
function closeMenu(dialog: HTMLDialogElement | null) {
  if (!dialog) return;
  if (dialog.open) dialog.close();
  else if (dialog.matches(":popover-open")) dialog.hidePopover();
}

/** Keeps Tab and Shift+Tab inside the open menu: from the last control back to the first, and the other way. */
function trapTab(event: KeyboardEvent<HTMLDialogElement>) {
  if (event.key !== "Tab") return;
  const controls = [...event.currentTarget.querySelectorAll<HTMLElement>("a[href], button, summary")];
  const first = controls[0];
  const last = controls.at(-1);
  if (!first || !last) return;
  const active = document.activeElement;
  if (event.shiftKey && (active === first || active === event.currentTarget)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && active === last) {
    event.preventDefault();
    first.focus();
  }
}

/**
 * The phone menu: a panel from the right, titled Menu, with every page of the header: the
 * company's pages first (Contact among them, in view without scrolling), the call to action,
 * then Services and Technology as groups that open in place, and the colour theme.
 *
 * It is a `<dialog>` in the prerendered HTML, opened and closed by the browser itself, so it works
 * before the scripts have loaded and without JavaScript: the buttons carry invoker commands
 * (`command="show-modal"` / `"close"`: a modal dialog, the page behind inert, Escape closes it,
 * `closedby="any"` lets a tap on the backdrop close it, focus returns to the toggle) and, for
 * browsers without invoker commands, `popovertarget` (the same panel as a popover, also closed by
 * Escape and by a tap outside). With scripts the menu also keeps Tab inside itself, and closes
 * when one of its links navigates in the page.
 */
export function MobileMenu() {
  const dialog = useRef<HTMLDialogElement>(null);
  const { pathname } = useLocation();
  // Closes on navigation, not on hydration: a menu opened before the scripts arrived stays open.
  const shownAt = useRef(pathname);
  useEffect(() => {
    if (shownAt.current === pathname) return;
    shownAt.current = pathname;
    closeMenu(dialog.current);
  }, [pathname]);

  const close = () => closeMenu(dialog.current);
  // Where `closedby` is not supported: a click on the backdrop lands on the dialog element itself, outside its box.
  const onBackdropClick = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target !== event.currentTarget) return;
    const box = event.currentTarget.getBoundingClientRect();
    const inside =
      event.clientX >= box.left &&
      event.clientX <= box.right &&
      event.clientY >= box.top &&
      event.clientY <= box.bottom;
    if (!inside) close();
  };

  const link = (page: { path: string; label: string }) => (
    <li key={page.path} className="nav-item">
      <NavLink className="nav-link" to={page.path} end={!currentBelow(page.path)} onClick={close}>
        {page.label}
      </NavLink>
    </li>
  );

  return (
    <>
      <button
        type="button"
        className="btn btn-outline-primary d-lg-none mobile-menu-toggle"
        aria-label="Open menu"
        commandfor={menuId}
        command="show-modal"
        popoverTarget={menuId}
      >
        <Icon name="menu" />
      </button>
      {/* The dialog's own keys and clicks (Tab kept inside, a click on its backdrop); its controls are the links and buttons within. */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions */}
      <dialog
        ref={dialog}
        id={menuId}
        className="mobile-menu"
        aria-labelledby="mobile-menu-title"
        closedby="any"
        popover="auto"
        onKeyDown={trapTab}
        onClick={onBackdropClick}
      >
        <div className="mobile-menu__header">
          <h2 id="mobile-menu-title" className="mobile-menu__title">
            Menu
          </h2>
          <button
            type="button"
            className="icon-button mobile-menu__close"
            aria-label="Close menu"
            commandfor={menuId}
            command="close"
            popoverTarget={menuId}
            popoverTargetAction="hide"
          >
            <Icon name="close" />
          </button>
        </div>
        <nav aria-label="Mobile" className="mobile-menu__body">
          <ul className="nav flex-column">{headerLinks().map(link)}</ul>
          <Link to={headerCta.to} className="btn btn-primary mobile-menu__cta" onClick={close}>
            {headerCta.label}
          </Link>
          {groups.map((group) => (
            <details
              key={group.key}
              className="mobile-menu__group"
              open={pagesIn(group.key).some((p) => p.path === pathname)}
            >
              <summary>{group.label}</summary>
              <ul className="nav flex-column">{pagesIn(group.key).map(link)}</ul>
            </details>
          ))}
        </nav>
        <div className="mobile-menu__body mobile-menu__settings">
          <span aria-hidden="true">Theme</span>
          <ThemeToggle />
        </div>
      </dialog>
    </>
  );
}
