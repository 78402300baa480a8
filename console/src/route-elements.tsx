/** The router's elements around the pages: who is signed in, the page with its id, the invitation. */
import { Outlet, useLoaderData, useNavigate, useParams, useRevalidator, useRouteLoaderData } from "react-router";
import type { Staff } from "./api";
import { InvitationPage } from "./features/session/InvitationPage";
import { SignInPage } from "./features/session/SignInPage";
import type { ConsolePage } from "./routes";
import { forgetStaff } from "./features/session/session";

/** The person signed in, for the pages under the root route (which shows them only to someone). */
export function useStaff(): Staff {
  return useRouteLoaderData("root") as Staff;
}

/** The root: the sign-in page without someone signed in, else the console. */
export function SignedInRoute() {
  const staff = useLoaderData() as Staff | null;
  const revalidator = useRevalidator();
  if (!staff) {
    return (
      <SignInPage
        onSignedIn={(signedIn) => {
          forgetStaff(signedIn);
          void revalidator.revalidate();
        }}
      />
    );
  }
  return <Outlet />;
}

export function PageRoute({ page }: { page: ConsolePage }) {
  const staff = useStaff();
  const { id } = useParams();
  return page.render({ id: id === undefined || id === "new" ? 0 : Number(id), staff });
}

export function InvitationRoute() {
  const navigate = useNavigate();
  return (
    <InvitationPage
      onSignedIn={(staff) => {
        forgetStaff(staff);
        // The link is spent: the inbox replaces it in the address bar and the history entry.
        void navigate("/", { replace: true });
      }}
    />
  );
}
