import { z } from "zod";
import { consent, email, honeypot, honeypotField, limits, phone, requiredText } from "./fields";

export const feedbackTypes = ["website", "service", "support", "other"] as const;

export const feedbackMessages = {
  firstName: "Please provide your first name.",
  lastName: "Please provide your last name.",
  email: "Please enter a valid email.",
  phone: "Please enter a valid phone number.",
  feedbackType: "Please choose a feedback type.",
  message: "Please enter your feedback.",
  consent: "You must agree before submitting.",
} as const;

export const feedbackSuccessMessage =
  "Thank you for your feedback! We appreciate your input and will use it to improve our services.";

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
export const feedbackPath = "/api/feedback";
