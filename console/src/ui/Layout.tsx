import { unreadAnswer, api, errorText } from "../api";
import { useEffect, useRef, useState } from "react";
import { Link, Outlet, useLocation, useNavigation, useRevalidator } from "react-router";
import { can } from "@contracts/staff/permissions";
import { menuFor } from "../routes";
import { useStaff } from "../route-elements";
import { forgetStaff } from "../features/session/session";
import { forgetNoteDrafts } from "../features/submission/useNoteDraft";
import { MailAlertBanner } from "../features/outbox/MailAlertBanner";

/** Where a menu link stands to the address: this page, a page under it, or neither. */
function currentness(path: string, to: string): "page" | "location" | undefined {
  const clean = path.length > 1 ? path.replace(/\/$/, "") : path;
  if (clean === to) return "page";
  return to !== "/" && clean.startsWith(`${to}/`) ? "location" : undefined;
}

export function Layout() {
  const staff = useStaff();
  const { pathname: path } = useLocation();
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const main = useRef<HTMLElement>(null);
  const [error, setError] = useState("");
  const links = menuFor(staff);
  // A page's data is being loaded: the page shown stays, marked busy, under a moving bar.
  const loading = navigation.state !== "idle" || revalidator.state === "loading";

  // After moving to another page, its heading takes the focus (a screen reader announces it);
  // on the first page the focus stays at the start, where the skip link is. The router draws the
  // new page once its data is in, so its heading is there to take it.
  const firstPath = useRef(path);
  useEffect(() => {
    if (path === firstPath.current) return;
    firstPath.current = "";
    main.current?.querySelector("h1")?.focus();
  }, [path]);

  const signOut = async (everywhere: boolean) => {
    try {
      await api(everywhere ? "sign-out-everywhere" : "sign-out", unreadAnswer, {});
      forgetNoteDrafts();
      forgetStaff();
      void revalidator.revalidate();
    } catch (e) {
      setError(errorText(e));
    }
  };

  return (
    <>
      <a className="skip" href="#main">
        Skip to content
      </a>
      <header className="top">
        <p className="brand">Altiva Cloud staff console</p>
        <nav aria-label="Console">
          <ul>
            {links.map((l) => (
              <li key={l.to}>
                <Link to={l.to} aria-current={currentness(path, l.to)}>
                  {l.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="who">
          <span>
            {staff.name} · {staff.roleLabel}
          </span>
          <Link to="/account" aria-current={currentness(path, "/account")}>
            Your account
          </Link>
          <button type="button" className="link" onClick={() => void signOut(false)}>
            Sign out
          </button>
          <button type="button" className="link" onClick={() => void signOut(true)}>
            Sign out everywhere
          </button>
        </div>
      </header>
      <div className={loading ? "loading-bar active" : "loading-bar"} aria-hidden="true" />
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      {can(staff, "outbox:manage") && <MailAlertBanner path={path} />}
      <main id="main" className="page" ref={main} aria-busy={loading || undefined}>
        <Outlet />
      </main>
    </>
  );
}
