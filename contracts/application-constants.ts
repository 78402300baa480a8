/** The job application's options, messages, resume rules and path (see constants.ts). */
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

export const applicationSuccessMessage = "Your application has been submitted successfully";

/** The spec's careers success line: the server's message, then the application number. */
export function applicationSuccessText(message: string | undefined, number: unknown): string {
  return `${message || applicationSuccessMessage} with application number ${String(number)}`;
}
