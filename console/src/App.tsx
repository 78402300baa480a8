import { useCallback, useEffect, useState } from "react";
import { api, whenSignedOut, type Staff } from "./api";
import { Layout } from "./Layout";
import { InvitationPage } from "./pages/InvitationPage";
import { NotFoundPage } from "./pages/NotFoundPage";
import { SignInPage } from "./pages/SignInPage";
import { navigate, usePath } from "./router";
import { matchPage } from "./routes";

function page(path: string, staff: Staff) {
  const found = matchPage(path, staff);
  return found ? found.page.render({ id: found.id, staff }) : <NotFoundPage />;
}

export function App() {
  const path = usePath();
  const [staff, setStaff] = useState<Staff | null | undefined>(undefined);
  const signedOut = useCallback(() => setStaff(null), []);

  useEffect(() => {
    whenSignedOut(signedOut);
    api<Staff>("me").then(setStaff, () => setStaff(null));
  }, [signedOut]);

  if (path === "/admin/invitation") {
    return (
      <InvitationPage
        onSignedIn={(s) => {
          setStaff(s);
          navigate("/admin");
        }}
      />
    );
  }
  if (staff === undefined) return <main className="page" aria-busy="true" />;
  if (staff === null) return <SignInPage onSignedIn={setStaff} />;
  return (
    <Layout staff={staff} path={path} onSignedOut={signedOut}>
      {page(path, staff)}
    </Layout>
  );
}
