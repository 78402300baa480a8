import { FeedbackForm } from "~/components/forms/feedback-form";
import { metaForPath } from "~/lib/seo";
import { useCurrentPage } from "~/site/current-page";
import type { Route } from "./+types/feedback";

export const meta: Route.MetaFunction = ({ location }) => metaForPath(location.pathname);

export default function FeedbackPage() {
  const page = useCurrentPage();
  return (
    <>
      <h1>{page.label}</h1>
      <FeedbackForm />
    </>
  );
}
