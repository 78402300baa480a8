import { FeedbackForm } from "~/components/forms/feedback-form";

export default function FeedbackFormIsland() {
  return <FeedbackForm />;
}
