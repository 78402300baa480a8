/**
 * A page under a memory router, as router.tsx builds it: its loader given the id and the address's
 * query, and the console's one error element. Returns the router, so a test can read the address.
 */
import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import { createMemoryRouter, RouterProvider, type LoaderFunctionArgs } from "react-router";
import { PageError } from "../ui/PageError";

export function openPage(options: {
  path: string;
  address: string;
  load?: (id: number, search: URLSearchParams) => Promise<unknown>;
  element: ReactNode;
}) {
  const loader = ({ params, request }: LoaderFunctionArgs) =>
    options.load
      ? options.load(params.id && /^\d+$/.test(params.id) ? Number(params.id) : 0, new URL(request.url).searchParams)
      : null;
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
    { initialEntries: [options.address] },
  );
  render(<RouterProvider router={router} />);
  return router;
}
