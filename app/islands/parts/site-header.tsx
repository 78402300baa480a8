import { SiteHeader } from "~/components/layout/site-header";

/** The header: its drop-downs' keys and focus, the phone menu's Tab trap, the theme control. */
export default function SiteHeaderIsland() {
  return <SiteHeader />;
}
