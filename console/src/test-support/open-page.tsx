/**
 * A page under a memory router, as router.tsx builds it: its loader given the id, the address's
 * query, the entry's hidden state and the person, and the console's one error element. Returns the
 * router, so a test can read the address.
 */
import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import { createMemoryRouter, RouterProvider, type LoaderFunctionArgs } from "react-router";
import type { Staff } from "../api";
import { followRouter, hiddenOfLoad, type HiddenState } from "../hidden-state";
import { PageError } from "../ui/PageError";

export function openPage(options: {
  path: string;
  address: string;
  /** The first entry's hidden state (search words), as a link from another page gives it. */
  hidden?: HiddenState;
  staff?: Staff;
  load?: (id: number, search: URLSearchParams, entry: { hidden: HiddenState; staff: Staff }) => Promise<unknown>;
  element: ReactNode;
}) {
  const staff = options.staff ?? ({} as Staff);
  const loader = async ({ params, request }: LoaderFunctionArgs) => {
    if (!options.load) return null;
    // As router.tsx's gate, which asks who is signed in first: the router below is followed by then.
    await Promise.resolve();
    const id = params.id && /^\d+$/.test(params.id) ? Number(params.id) : 0;
    return options.load(id, new URL(request.url).searchParams, { hidden: hiddenOfLoad(), staff });
  };
  const router = createMemoryRouter(
    [
      {
        path: options.path,
        loader,
        element: options.element,
        errorElement: <PageError />,
        HydrateFallback: () => null,
      },
    ],
    {
      initialEntries: [
        {
          pathname: options.address.split("?")[0]!,
          search: options.address.includes("?") ? `?${options.address.split("?")[1]}` : "",
          state: options.hidden ? { hidden: options.hidden } : null,
        },
      ],
    },
  );
  followRouter(router);
  render(<RouterProvider router={router} />);
  return router;
}
