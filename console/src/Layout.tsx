import { useEffect, useRef, useState, type ReactNode } from "react";
import { can } from "@contracts/staff/permissions";
import { api, type Staff, errorText } from "./api";
import { onLinkClick } from "./router";
import { menuFor } from "./routes";
import { forgetNoteDrafts } from "./useNoteDraft";
import { MailAlertBanner } from "./MailAlertBanner";

export function Layout(props: { staff: Staff; path: string; onSignedOut: () => void; children: ReactNode }) {
  const { staff, path } = props;
  const main = useRef<HTMLElement>(null);
  const [error, setError] = useState("");
  const links = menuFor(staff);

  // After moving to another page, its heading takes the focus (a screen reader announces it);
  // on the first page the focus stays at the start, where the skip link is.
  const firstPath = useRef(path);
  useEffect(() => {
    if (path === firstPath.current) return;
    firstPath.current = "";
    main.current?.querySelector("h1")?.focus();
  }, [path]);

  const signOut = async (everywhere: boolean) => {
    try {
      await api(everywhere ? "sign-out-everywhere" : "sign-out", {});
      forgetNoteDrafts();
      props.onSignedOut();
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
              <li key={l.href}>
                <a
                  href={l.href}
                  onClick={onLinkClick}
                  aria-current={
                    path === l.href || (l.href === "/admin" && path === "/admin/")
                      ? "page"
                      : path.startsWith(`${l.href}/`) && l.href !== "/admin"
                        ? "location"
                        : undefined
                  }
                >
                  {l.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="who">
          <span>
            {staff.name} · {staff.roleLabel}
          </span>
          <button type="button" className="link" onClick={() => void signOut(false)}>
            Sign out
          </button>
          <button type="button" className="link" onClick={() => void signOut(true)}>
            Sign out everywhere
          </button>
        </div>
      </header>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      {can(staff, "outbox:manage") && <MailAlertBanner path={path} />}
      <main id="main" className="page" ref={main}>
        {props.children}
      </main>
    </>
  );
}
