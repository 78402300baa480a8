/** The job application: POST {careers API base}/api/job-application/apply as multipart. */
import type { FormDefinition } from "./definition";
import { messageMax, nameAndEmail, phoneCountries } from "./person";

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

/** The spec's messages (section 5, careers form), and ours where it gives none. */
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

/**
 * How to type the number. A 10-digit Indian mobile can also be a valid US number, so Indian
 * numbers need their code; UK and Australian ones start with 0 at home and cannot be mistaken.
 */
export const careerPhoneHint =
  "With the country code, such as +91 98450 12345. US numbers work without it, and UK and Australian ones as dialled at home: 020 7946 0958.";

/**
 * The candidate's consent to be kept for future roles, and the version of its words: the version
 * is what is stored (submissions.future_roles_consent), so changing the words means a new version,
 * with the old one kept in `futureRolesWordings` so a stored version still names what was ticked.
 * "24 months" is the retention table's futureRoles period (server/retention-policy.test.ts).
 */
export const futureRolesWordings = {
  "2026-11-25": "Keep my application for future roles for up to 24 months",
} as const;
export const futureRolesConsent = { version: "2026-11-25", words: futureRolesWordings["2026-11-25"] } as const;

export const applicationForm = {
  kind: "application",
  path: applicationPath,
  title: "Job application",
  ariaLabel: "Job application form",
  encoding: "multipart",
  fields: [
    ...nameAndEmail(applicationMessages),
    {
      name: "phone",
      label: "Phone",
      message: applicationMessages.phone,
      input: "tel",
      countries: phoneCountries,
      hint: careerPhoneHint,
      column: "phone",
      personal: true,
      half: true,
      autoComplete: "tel",
    },
    {
      name: "position",
      label: "Position",
      message: applicationMessages.position,
      input: "select",
      options: positions.map((p) => ({ value: p, label: p })),
      placeholder: "Choose a position",
      column: "position",
      summary: true,
      confirmation: true,
      personal: true,
    },
    {
      name: "resume",
      label: "Resume",
      message: applicationMessages.resume,
      input: "file",
      accept: resumeRules.accept,
      hint: "PDF or Word (.pdf, .doc, .docx), up to 5 MB.",
      personal: true,
    },
    {
      name: "message",
      label: "Cover letter",
      message: applicationMessages.message,
      input: "textarea",
      max: messageMax,
      rows: 6,
      column: "message",
      personal: true,
    },
    {
      name: "futureRoles",
      label: futureRolesConsent.words,
      staffLabel: "Kept for future roles (consent)",
      message: "Tick the box to keep your application for future roles, or leave it empty.",
      hint: "If this role does not work out, we may contact you about another. You can withdraw this at any time by writing to careers@altivacloud.com.",
      input: "checkbox",
      optional: true,
      version: futureRolesConsent.version,
      column: "future_roles_consent",
      personal: false,
    },
    {
      name: "agree",
      label: "I agree that my application is handled as the Recruitment Privacy Policy describes.",
      link: { text: "Recruitment Privacy Policy", to: "/recruitment-privacy-policy" },
      message: applicationMessages.agree,
      input: "checkbox",
      personal: false,
    },
  ],
} as const satisfies FormDefinition;
