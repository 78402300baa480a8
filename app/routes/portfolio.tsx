import { metaForPath } from "~/lib/seo";
import { useCurrentPage } from "~/site/current-page";
import type { Route } from "./+types/portfolio";

export const meta: Route.MetaFunction = ({ location }) => metaForPath(location.pathname);

export default function PortfolioPage() {
  const page = useCurrentPage();
  return <h1>{page.label}</h1>;
}
