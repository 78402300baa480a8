import { CareerForm } from "~/components/forms/career-form";
import { metaForPath } from "~/lib/seo";
import { useCurrentPage } from "~/site/current-page";
import type { Route } from "./+types/career";

export const meta: Route.MetaFunction = ({ location }) => metaForPath(location.pathname);

export default function CareerPage() {
  const page = useCurrentPage();
  return (
    <>
      <h1>{page.label}</h1>
      <CareerForm />
    </>
  );
}
