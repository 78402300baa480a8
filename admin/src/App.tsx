import { useCallback, useEffect, useState } from "react";
import { api, whenSignedOut, type Staff } from "./api";
import { Layout } from "./Layout";
import { AuditPage } from "./pages/AuditPage";
import { InboxPage } from "./pages/InboxPage";
import { InvitationPage } from "./pages/InvitationPage";
import { NotFoundPage } from "./pages/NotFoundPage";
import { OutboxPage } from "./pages/OutboxPage";
import { PeoplePage } from "./pages/PeoplePage";
import { QuarantinedPage } from "./pages/QuarantinedPage";
import { QuarantinePage } from "./pages/QuarantinePage";
import { SignInPage } from "./pages/SignInPage";
import { SubmissionPage } from "./pages/SubmissionPage";
import { navigate, usePath } from "./router";

/**
 * The console's pages by address. Admin-only pages are listed with `admin: true` (the server
 * refuses them to other roles whatever the menu shows).
 */
function page(path: string, staff: Staff) {
  const submission = /^\/admin\/submissions\/(\d+)$/.exec(path);
  if (submission) return <SubmissionPage id={Number(submission[1])} staff={staff} />;
  if (path === "/admin" || path === "/admin/") return <InboxPage staff={staff} />;
  if (staff.role === "admin") {
    if (path === "/admin/audit") return <AuditPage />;
    if (path === "/admin/people") return <PeoplePage staff={staff} />;
    if (path === "/admin/outbox") return <OutboxPage />;
    if (path === "/admin/quarantine") return <QuarantinePage />;
    const quarantined = /^\/admin\/quarantine\/(\d+)$/.exec(path);
    if (quarantined) return <QuarantinedPage id={Number(quarantined[1])} />;
  }
  return <NotFoundPage />;
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
