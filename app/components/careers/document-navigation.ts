/**
 * The careers pages are made by the server on every request (roles change without a build), so
 * the client router must never render one from the data it has: every way into /career and
 * /career/<slug> is a document request. A route's clientLoader runs for client-side navigations
 * (the header's links, breadcrumbs) and answers with a document redirect to the same address.
 * It never runs to hydrate (the route has a build-time loader and no `hydrate`); the check of
 * <html data-hydrated> (set by root.tsx once the page is live) guards against a reload loop should
 * that ever change.
 */
import { redirectDocument } from "react-router";

export function documentNavigation({ request }: { request: Request }) {
  if (!document.documentElement.hasAttribute("data-hydrated")) return null;
  const url = new URL(request.url);
  throw redirectDocument(url.pathname + url.search + url.hash);
}
