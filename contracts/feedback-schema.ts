import { z } from "zod";
import { honeypotField, limits } from "./constants";
import type { feedbackMessages, feedbackTypes } from "./feedback-constants";
import { consent, email, honeypot, multiLineText, phone, singleLineText } from "./fields";

/**
 * Feedback, built from the form's words (see application-schema.ts for why they are passed in).
 * The phone number is optional.
 */
export function feedbackSchemaFor(messages: typeof feedbackMessages, types: typeof feedbackTypes) {
  return z.object({
    firstName: singleLineText(messages.firstName, limits.name, "First name"),
    lastName: singleLineText(messages.lastName, limits.name, "Last name"),
    email: email(messages.email),
    phone: z
      .union([z.literal(""), phone(messages.phone, /^\+?\d{10,15}$/)])
      .optional()
      .transform((v) => v || undefined),
    feedbackType: z.enum(types, { error: messages.feedbackType }),
    message: multiLineText(messages.message, limits.message, "Feedback"),
    consent: consent(messages.consent),
    [honeypotField]: honeypot,
  });
}
