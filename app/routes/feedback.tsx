import { Island } from "~/islands/island";
import { PageBanner } from "~/components/sections/page-banner";
import { feedbackPage } from "~/content/company-pages";
import { metaForPath, titleForPath } from "~/lib/seo";
import type { Route } from "./+types/feedback";
import { formAnswerAction } from "~/components/forms/form-answer";

/** A browser's own post of the page's form is answered here, with the server's answer (form-answer.tsx). */
export const action = formAnswerAction(({ request }) => titleForPath(new URL(request.url).pathname));

export const meta: Route.MetaFunction = ({ location }) => metaForPath(location.pathname);

export default function FeedbackPage() {
  return (
    <>
      <PageBanner
        crumbs={[{ name: "Home", path: "/" }, { name: "Feedback" }]}
        title="Feedback"
        description={feedbackPage.intro}
      />
      <section className="section">
        <div className="container narrow">
          <Island name="feedback-form" />
        </div>
      </section>
    </>
  );
}
