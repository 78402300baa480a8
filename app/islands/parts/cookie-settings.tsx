import { CookieSettingsPage } from "~/routes/cookie-settings";

export default function CookieSettingsIsland() {
  return <CookieSettingsPage />;
}
