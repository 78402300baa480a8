import { metaForPath } from "~/lib/seo";
import { useCurrentPage } from "~/site/current-page";
import type { Route } from "./+types/legal";

export const meta: Route.MetaFunction = ({ location }) => metaForPath(location.pathname);

export default function LegalPage() {
  const page = useCurrentPage();
  return <h1>{page.label}</h1>;
}
