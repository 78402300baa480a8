import { z } from "zod";
import { contactMessages } from "./contact-constants";
import { honeypotField, limits } from "./constants";
import { consent, email, honeypot, multiLineText, phone, singleLineText } from "./fields";

export { contactMessages, contactPath } from "./contact-constants";

/** The contact enquiry: POST {contact API base}/api/contact-us/create as JSON. */
export const contactSchema = z.object({
  firstName: singleLineText(contactMessages.firstName, limits.name, "First name"),
  lastName: singleLineText(contactMessages.lastName, limits.name, "Last name"),
  email: email(contactMessages.email),
  // The spec's "10-digit pattern, length 10 to 15".
  phone: phone(contactMessages.phone, /^\+?\d{10,15}$/),
  reason: singleLineText(contactMessages.reason, limits.reason, "Reason"),
  message: multiLineText(contactMessages.message, limits.message, "Message"),
  agree: consent(contactMessages.agree),
  [honeypotField]: honeypot,
});

export type ContactInput = z.input<typeof contactSchema>;
export type ContactEnquiry = z.output<typeof contactSchema>;
