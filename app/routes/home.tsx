import { ContactForm } from "~/components/forms/contact-form";
import { website } from "~/lib/json-ld";
import { metaForPath } from "~/lib/seo";
import { useCurrentPage } from "~/site/current-page";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = ({ location }) => metaForPath(location.pathname, [website()]);

export default function HomePage() {
  const page = useCurrentPage();
  return (
    <>
      <h1>{page.label}</h1>
      <ContactForm />
    </>
  );
}
