import { z } from "zod";
import type { applicationMessages, positions } from "./application-constants";
import { honeypotField, limits } from "./constants";
import { consent, email, honeypot, multiLineText, phone, singleLineText } from "./fields";

/**
 * The text fields of a job application (the resume file is checked by `resumeRules`), built from
 * the form's words. The browser loads this module only on submit and hands it the words its page
 * already holds: the lazily loaded validator then imports nothing from the page's own chunk.
 */
export function applicationSchemaFor(messages: typeof applicationMessages, options: typeof positions) {
  return z.object({
    firstName: singleLineText(messages.firstName, limits.name, "First name"),
    lastName: singleLineText(messages.lastName, limits.name, "Last name"),
    email: email(messages.email),
    phone: phone(messages.phone, /^\d{10}$/),
    position: z.enum(options, { error: messages.position }),
    message: multiLineText(messages.message, limits.message, "Cover letter"),
    agree: consent(messages.agree),
    [honeypotField]: honeypot,
  });
}
