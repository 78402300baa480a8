import { useContext } from "react";
import {
  isRouteErrorResponse,
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  UNSAFE_FrameworkContext as FrameworkContext,
} from "react-router";
import type { Route } from "./+types/root";
import { ContactSidebar } from "./components/layout/contact-sidebar";
import { cookieNoticeHeadScript } from "./components/layout/cookie-notice";
import { SiteFooter } from "./components/layout/site-footer";
import { ClosingCta } from "./components/sections/cta-band";
import { SpeculationRules } from "./components/layout/speculation-rules";
import { themeHeadScript } from "./components/layout/theme";
import { feedLinks } from "./content/collections";
import { usePageAnswer } from "./components/forms/form-answer";
import { Island } from "./islands/island";
import { company } from "./site/company";
import "./styles/app.scss";
import viewTransitionCss from "./styles/_navigation.scss?inline";
import { fontFallbackCss } from "./styles/font-fallback";
import { webFontFaceCss, webFontHeadScript, webFontStyleId } from "./styles/web-font";

/** The title of a document no page describes (React Router's SPA shell, in the dev server). Every page's own meta replaces it. */
export const meta: Route.MetaFunction = () => [{ title: company.name }];

/** The server reads where each form is answered from the server build (docs/decisions/060). */
export { formPages } from "./components/forms/form-answer";

/** The server reads which addresses it renders from the content store (decision 067). */
export { livePages } from "./content/live-pages";

/** Every collection's feed, for feed readers on any page (app/content/collections.ts). */
export const links: Route.LinksFunction = () => feedLinks();

export function Layout({ children }: { children: React.ReactNode }) {
  const routerShell = useContext(FrameworkContext)?.isSpaMode === true;
  const answer = usePageAnswer();
  return (
    // The head scripts mark <html> (colour theme, cookie notice) before React hydrates it.
    <html lang="en" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* Both schemes are designed: the browser may draw its own parts (scroll bars, the canvas) dark. */}
        <meta name="color-scheme" content="light dark" />
        <meta name="theme-color" content="#0a4fb4" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {/* No paint before the parser has reached the body's end, where the post-render step writes
            the islands' boot script (server/render/post-render.ts): the first paint is the whole
            page, styled and laid out once, not its top with the rest restyled after it. Chromium
            lets the paint go at the target's start tag, so the target is the last element, not
            the footer. A page without it (an answer page) is held until its parse ends (decision 080). */}
        <link rel="expect" href="#rr-boot" blocking="render" />
        <style dangerouslySetInnerHTML={{ __html: fontFallbackCss }} />
        {/* The brand face: off until the head script below finds the file in this browser; on without scripts. */}
        <style
          id={webFontStyleId}
          media="not all"
          dangerouslySetInnerHTML={{ __html: webFontFaceCss }}
          suppressHydrationWarning
        />
        <noscript>
          <style dangerouslySetInnerHTML={{ __html: webFontFaceCss }} />
        </noscript>
        {/* The cross-document view transition's opt-in. Every page's CSS is a file (the page's sheet,
            decision 085; an answer page's, the site's stylesheet), and Chromium may reveal a page
            before that file is applied: then it finds no opt-in, skips the cross-fade and reports
            an error. Inline, the opt-in is read with the head. */}
        <style dangerouslySetInnerHTML={{ __html: viewTransitionCss }} />
        {answer ? (
          // An answer to a browser's own form post (docs/decisions/060) runs no script: its address
          // is the API's, no route of the site, and its CSP is script-src 'none'.
          <>
            <title>{answer.title}</title>
            <meta name="robots" content="noindex" />
          </>
        ) : (
          <>
            <script
              dangerouslySetInnerHTML={{ __html: import.meta.env.SSR ? webFontHeadScript : "" }}
              suppressHydrationWarning
            />
            {/* Hashed into the page's CSP by the postbuild step, like every inline script. They run once,
                from the prerendered HTML; hydration keeps that text, so the browser bundle leaves it out. */}
            <script
              dangerouslySetInnerHTML={{ __html: import.meta.env.SSR ? themeHeadScript : "" }}
              suppressHydrationWarning
            />
            <script
              dangerouslySetInnerHTML={{ __html: import.meta.env.SSR ? cookieNoticeHeadScript : "" }}
              suppressHydrationWarning
            />
            <SpeculationRules />
            <Meta />
          </>
        )}
        <Links />
      </head>
      <body>
        <a className="skip-link" href="#main-content">
          Skip to main content
        </a>
        {/* First in the body, where a first-time visitor meets it (as GOV.UK places its banner):
            it then arrives in the document's first network round trip and paints with the
            header, not after the whole page has downloaded. */}
        <Island name="cookie-notice" />
        <Island name="site-header" />
        <main id="main-content" tabIndex={-1}>
          {children}
          <ClosingCta />
        </main>
        <SiteFooter />
        <ContactSidebar />
        <Island name="scroll-to-top" />
        {/* The built pages run app/islands/entry.ts, which postbuild starts after the first paint,
            instead of React Router's client (docs/decisions/041-islands.md). The router's scripts
            stay in the dev server, where the whole page hydrates, and in the SPA shell React
            Router insists on writing (a page of the root alone, which postbuild deletes). */}
        {import.meta.env.DEV || routerShell ? (
          <>
            <ScrollRestoration />
            <Scripts />
          </>
        ) : null}
      </body>
    </html>
  );
}

/**
 * The page's client effects (reveal, measurement, the brand face, <html data-hydrated>) are the
 * islands entry's (app/islands/entry.ts): a built page has no client router to run them here.
 */
export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <section className="container py-5">
      <h1>{notFound ? "Page not found" : "Something went wrong"}</h1>
      <p>
        {notFound
          ? "The page you asked for does not exist or has moved."
          : "Please reload the page or try again later."}
      </p>
      <Link to="/">Go to the home page</Link>
    </section>
  );
}
