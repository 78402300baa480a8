import { ContactForm } from "~/components/forms/contact-form";
import { pageMeta } from "~/lib/seo";
import { useCurrentPage, normalizePath } from "~/site/current-page";
import { pageByPath } from "~/site/pages";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = ({ location }) => {
  const page = pageByPath(normalizePath(location.pathname));
  return page ? pageMeta({ path: page.path, title: page.title, description: page.title }) : [];
};

export default function HomePage() {
  const page = useCurrentPage();
  return (
    <>
      <h1>{page.label}</h1>
      <ContactForm />
    </>
  );
}
