import type { z } from "zod";
import { applicationMessages, positions } from "./application-constants";
import { applicationSchemaFor } from "./application-schema";

export {
  applicationMessages,
  applicationPath,
  applicationSuccessMessage,
  applicationSuccessText,
  checkResumeFile,
  positions,
  resumeAgainMessage,
  resumeRules,
} from "./application-constants";

/** The text fields of a job application: POST {careers API base}/api/job-application/apply as multipart. */
export const applicationSchema = applicationSchemaFor(applicationMessages, positions);

export type ApplicationInput = z.input<typeof applicationSchema>;
export type JobApplication = z.output<typeof applicationSchema>;
