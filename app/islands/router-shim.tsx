/**
 * What the islands' components use of React Router, for the islands build only
 * (vite.islands.config.ts aliases "react-router" here). The pages are prerendered by React Router;
 * in the browser there is no client router any more (docs/decisions/041-islands.md): every link
 * is a document navigation, so a link is a plain <a> and the location is the document's own.
 * Importing anything else from "react-router" in an island fails the islands build, which is the
 * point: an island must not need the router's runtime (44 KB gzip with React).
 */
import { createElement, type AnchorHTMLAttributes, type ReactNode } from "react";

type To = string | { pathname?: string; search?: string; hash?: string };

const href = (to: To) => (typeof to === "string" ? to : `${to.pathname ?? ""}${to.search ?? ""}${to.hash ?? ""}`);

export function useLocation() {
  return { pathname: location.pathname, search: location.search, hash: location.hash, state: null, key: "default" };
}

/** A full load is a "POP" for React Router; nothing here navigates within the document. */
export function useNavigationType() {
  return "POP" as const;
}

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & {
  to: To;
  /** React Router's options that mean nothing for a document navigation. */
  prefetch?: string;
  replace?: boolean;
  viewTransition?: boolean;
  discover?: string;
};

export function Link({ to, prefetch: _p, replace: _r, viewTransition: _v, discover: _d, ...rest }: LinkProps) {
  return createElement("a", { ...rest, href: href(to) });
}

type NavLinkState = { isActive: boolean; isPending: boolean; isTransitioning: boolean };

export function NavLink({
  to,
  end,
  className,
  children,
  ...rest
}: Omit<LinkProps, "className" | "children"> & {
  end?: boolean;
  caseSensitive?: boolean;
  className?: string | ((state: NavLinkState) => string | undefined);
  children?: ReactNode | ((state: NavLinkState) => ReactNode);
}) {
  // As React Router matches: the same path, or (without `end`) a path below it.
  const path = href(to).split(/[?#]/)[0] ?? "";
  const here = location.pathname.length > 1 ? location.pathname.replace(/\/+$/, "") : location.pathname;
  const isActive = here === path || (!end && path !== "/" && here.startsWith(`${path}/`));
  const state = { isActive, isPending: false, isTransitioning: false };
  const classes =
    typeof className === "function"
      ? className(state)
      : [className, isActive ? "active" : ""].filter(Boolean).join(" ");
  return (
    <Link {...rest} to={to} className={classes || undefined} aria-current={isActive ? "page" : undefined}>
      {typeof children === "function" ? children(state) : children}
    </Link>
  );
}
