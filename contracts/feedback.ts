import type { z } from "zod";
import { feedbackMessages, feedbackTypes } from "./feedback-constants";
import { feedbackSchemaFor } from "./feedback-schema";

export { feedbackMessages, feedbackPath, feedbackSuccessMessage, feedbackTypes } from "./feedback-constants";

/** Feedback: POST {contact API base}/api/feedback as JSON. The phone number is optional. */
export const feedbackSchema = feedbackSchemaFor(feedbackMessages, feedbackTypes);

export type FeedbackInput = z.input<typeof feedbackSchema>;
export type Feedback = z.output<typeof feedbackSchema>;
