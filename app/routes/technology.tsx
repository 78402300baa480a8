import { ContactForm } from "~/components/forms/contact-form";
import { metaForPath } from "~/lib/seo";
import { useCurrentPage } from "~/site/current-page";
import type { Route } from "./+types/technology";

export const meta: Route.MetaFunction = ({ location }) => metaForPath(location.pathname);

export default function TechnologyPage() {
  const page = useCurrentPage();
  return (
    <>
      <h1>{page.label}</h1>
      <ContactForm />
    </>
  );
}
