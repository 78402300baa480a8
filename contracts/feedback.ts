import { z } from "zod";
import { feedbackMessages, feedbackTypes, honeypotField, limits } from "./constants";
import { consent, email, honeypot, phone, requiredText } from "./fields";

export { feedbackMessages, feedbackPath, feedbackSuccessMessage, feedbackTypes } from "./constants";

/** Feedback: POST {contact API base}/api/feedback as JSON. The phone number is optional. */
export const feedbackSchema = z.object({
  firstName: requiredText(feedbackMessages.firstName, limits.name, "First name"),
  lastName: requiredText(feedbackMessages.lastName, limits.name, "Last name"),
  email: email(feedbackMessages.email),
  phone: z
    .union([z.literal(""), phone(feedbackMessages.phone, /^\+?\d{10,15}$/)])
    .optional()
    .transform((v) => v || undefined),
  feedbackType: z.enum(feedbackTypes, { error: feedbackMessages.feedbackType }),
  message: requiredText(feedbackMessages.message, limits.message, "Feedback"),
  consent: consent(feedbackMessages.consent),
  [honeypotField]: honeypot,
});

export type FeedbackInput = z.input<typeof feedbackSchema>;
export type Feedback = z.output<typeof feedbackSchema>;
