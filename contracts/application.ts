import { z } from "zod";
import { applicationMessages, honeypotField, limits, positions } from "./constants";
import { consent, email, honeypot, phone, requiredText } from "./fields";

export { applicationMessages, applicationPath, checkResumeFile, positions, resumeRules } from "./constants";

/** The text fields of a job application (the resume file is checked by `resumeRules`). */
export const applicationSchema = z.object({
  firstName: requiredText(applicationMessages.firstName, limits.name, "First name"),
  lastName: requiredText(applicationMessages.lastName, limits.name, "Last name"),
  email: email(applicationMessages.email),
  phone: phone(applicationMessages.phone, /^\d{10}$/),
  position: z.enum(positions, { error: applicationMessages.position }),
  message: requiredText(applicationMessages.message, limits.message, "Cover letter"),
  agree: consent(applicationMessages.agree),
  [honeypotField]: honeypot,
});

export type ApplicationInput = z.input<typeof applicationSchema>;
export type JobApplication = z.output<typeof applicationSchema>;
