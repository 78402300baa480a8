import { applicationSuccessMessage } from "./forms/application";
import { feedbackSuccessMessage } from "./forms/feedback";

/** The server's words on success, the same for a script's JSON answer and a browser's page. */
export const successMessages = {
  contact: "Thank you for contacting us! Our team will get back to you within one business day.",
  feedback: feedbackSuccessMessage,
  application: applicationSuccessMessage,
} as const;
