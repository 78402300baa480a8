/**
 * The console's router: React Router's data mode under /admin (decision 052). The root route asks
 * who is signed in and shows the sign-in page without someone; each page's loader checks the
 * page's permissions (a page the person may not open is not found) and loads its data, and one
 * error element shows what went wrong, inside the layout, with a way to try again.
 */
import { createBrowserRouter, data, redirect, type LoaderFunctionArgs, type RouteObject } from "react-router";
import { whenSignedOut } from "./api";
import { Layout } from "./ui/Layout";
import { PageError } from "./ui/PageError";
import { InvitationRoute, PageRoute, SignedInRoute } from "./route-elements";
import { consolePages, mayOpen, menuFor, type ConsolePage } from "./routes";
import { NotFoundPage, notInRole } from "./ui/NotFoundPage";
import { currentStaff, forgetStaff } from "./features/session/session";
import { followRouter, hiddenOfLoad } from "./hidden-state";

/** The id in the address as the page takes it: a number, or 0 for "new" where the page allows it. */
export function pageId(page: ConsolePage, raw: string | undefined): number | undefined {
  if (raw === undefined) return 0;
  if (/^\d+$/.test(raw) && Number(raw) > 0) return Number(raw);
  return page.orNew && raw === "new" ? 0 : undefined;
}

/**
 * A page's loader. Not signed in: nothing to load (the root shows the sign-in page). Not theirs, or
 * no such id: not found. Else the page's data; a failure or an answer that breaks its contract is
 * thrown to the error element.
 */
function gate(page: ConsolePage) {
  return async ({ params, request }: LoaderFunctionArgs) => {
    const staff = await currentStaff();
    if (!staff) return null;
    const id = pageId(page, params.id);
    // The first page of someone who reads no submission (marketing) is the first page of their menu.
    const home = page.path === "/" && !mayOpen(page, staff) ? menuFor(staff)[0] : undefined;
    if (home) throw redirect(home.to);
    if (!mayOpen(page, staff)) throw data(notInRole, { status: 404 });
    if (id === undefined) throw data("Page not found", { status: 404 });
    return page.load ? page.load(id, new URL(request.url).searchParams, { hidden: hiddenOfLoad(), staff }) : null;
  };
}

export const consoleRoutes: RouteObject[] = [
  { path: "/invitation", element: <InvitationRoute /> },
  {
    id: "root",
    path: "/",
    loader: () => currentStaff(),
    // Drawn until the first answers arrive, in place of a blank page.
    hydrateFallbackElement: (
      <p className="loading" role="status">
        Loading the staff console…
      </p>
    ),
    element: <SignedInRoute />,
    errorElement: <PageError />,
    children: [
      {
        element: <Layout />,
        children: [
          {
            errorElement: <PageError />,
            children: [
              ...consolePages.map((page): RouteObject => ({
                path: page.path,
                loader: gate(page),
                element: <PageRoute page={page} />,
              })),
              { path: "*", element: <NotFoundPage /> },
            ],
          },
        ],
      },
    ],
  },
];

export function createConsoleRouter() {
  const router = createBrowserRouter(consoleRoutes, { basename: "/admin" });
  followRouter(router);
  // Any call answered 401 (the session was revoked or ran out): ask again, and the sign-in page shows.
  whenSignedOut(() => {
    forgetStaff();
    void router.revalidate();
  });
  return router;
}
