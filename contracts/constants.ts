/**
 * The parts of the contract the browser needs before anything is validated: field names,
 * options, limits, messages and paths. No zod here, so pages that show a form do not ship the
 * validator until someone submits (the schemas in contact.ts, application.ts and feedback.ts
 * are loaded then).
 */
export const limits = {
  name: 100,
  email: 254,
  phone: 20,
  reason: 200,
  message: 5000,
} as const;

/** Name of the honeypot field: hidden from people, filled only by bots. */
export const honeypotField = "website";

export const contactMessages = {
  firstName: "Please provide your first name.",
  lastName: "Please provide your last name.",
  email: "Please enter a valid email.",
  phone: "Please enter a valid phone number.",
  reason: "Please provide a reason for inquiry.",
  message: "Please enter a message.",
  agree: "You must agree before submitting.",
} as const;

export const contactPath = "/api/contact-us/create";

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

export const applicationPath = "/api/job-application/apply";

/** Shown at the resume field when the server returns an application form: a file cannot be kept. */
export const resumeAgainMessage = "Please choose your resume again: a file cannot be kept when the form is returned.";

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

export const feedbackPath = "/api/feedback";

/**
 * Id of what a browser's own post lands on (the returned form's error summary, or the
 * confirmation). Each form's action ends in #form-answer, so the answer opens scrolled to it.
 */
export const formAnswerId = "form-answer";

/** The header every submission carries; the server refuses submissions without it. */
export const requestedWithHeader = { "X-Requested-With": "XMLHttpRequest" } as const;

/**
 * What the API answers. A success may come without a message (the spec: "server message, or"
 * the form's default), so the forms fall back to their own words.
 */
export type ApiResponse<T = unknown> =
  { status: true; message?: string; data?: T } | { status: false; message: string; errors?: Record<string, string> };

export const applicationSuccessMessage = "Your application has been submitted successfully";

/** The server's words on success, the same for a script's JSON answer and a browser's page. */
export const successMessages = {
  contact: "Thank you for contacting us! Our team will get back to you within one business day.",
  feedback: feedbackSuccessMessage,
  application: applicationSuccessMessage,
} as const;

/** The spec's careers success line: the server's message, then the application number. */
export function applicationSuccessText(message: string | undefined, number: unknown): string {
  return `${message || applicationSuccessMessage} with application number ${String(number)}`;
}
