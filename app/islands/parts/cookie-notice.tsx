import { CookieNotice } from "~/components/layout/cookie-notice";

export default function CookieNoticeIsland() {
  return <CookieNotice />;
}
