import { Island } from "~/islands/island";
import { PageBanner } from "~/components/sections/page-banner";
import { feedbackPage } from "~/content/company-pages";
import { metaForPath } from "~/lib/seo";
import type { Route } from "./+types/feedback";

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
