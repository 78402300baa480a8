/**
 * The kinds of submission, the one list: the contact enquiry, the job application and the
 * feedback. Storage, the routes, the CLI, the console and the no-JavaScript answers read it.
 */
export const submissionKinds = ["contact", "application", "feedback"] as const;
export type SubmissionKind = (typeof submissionKinds)[number];
