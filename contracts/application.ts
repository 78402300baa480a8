import { z } from "zod";
import { consent, email, honeypot, honeypotField, limits, phone, requiredText } from "./fields";

export const positions = [
  "Frontend Developer",
  "Backend Developer",
  "Full Stack Developer",
  "UI/UX Designer",
  "Database Manager",
  "Project Manager",
  "QA Engineer",
  "DevOps Engineer",
  "Business Analyst",
  "Product Manager",
  "Mobile App Developer",
  "Cloud Architect",
  "Data Scientist",
  "Machine Learning Engineer",
  "Technical Support Engineer",
  "Cybersecurity Analyst",
  "Others",
] as const;

export const applicationMessages = {
  firstName: "First name is required.",
  lastName: "Last name is required.",
  email: "Valid email is required.",
  phone: "Please enter a valid 10-digit phone number.",
  position: "Position is required.",
  message: "Please write a short cover letter.",
  agree: "You must agree before submitting.",
  resume: "Please upload a valid resume (PDF or Word only).",
  resumeTooLarge: "Your resume must be 5 MB or smaller.",
} as const;

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

export const resumeRules = {
  maxBytes: 5 * 1024 * 1024,
  /** What the browser offers and checks by name; the server decides by the file's content. */
  extensions: [".pdf", ".doc", ".docx"],
  accept:
    ".pdf,.doc,.docx,application/pdf,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document",
} as const;

/** Browser-side check of a chosen file: an error message, or undefined when acceptable. */
export function checkResumeFile(file: { name: string; size: number } | null | undefined): string | undefined {
  if (!file || file.size === 0) return applicationMessages.resume;
  const name = file.name.toLowerCase();
  if (!resumeRules.extensions.some((ext) => name.endsWith(ext))) return applicationMessages.resume;
  if (file.size > resumeRules.maxBytes) return applicationMessages.resumeTooLarge;
  return undefined;
}

export type ApplicationInput = z.input<typeof applicationSchema>;
export type JobApplication = z.output<typeof applicationSchema>;
export const applicationPath = "/api/job-application/apply";
