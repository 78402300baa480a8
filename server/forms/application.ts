import crypto from "node:crypto";
import { applicationMessages, applicationSchema, fieldErrors, type JobApplication } from "../../contracts/index";
import type { ResumeData } from "../storage/submissions";
import { sanitizeFileName, sniffResume } from "../uploads/resume-type";
import type { UploadedFile } from "./read-body";

export type CheckedApplication =
  { ok: true; data: JobApplication; resume: ResumeData } | { ok: false; errors: Record<string, string> };

/**
 * A job application's fields and resume, checked as the contract says and the file's content
 * decides: the same for a script's multipart post and a browser's own.
 */
export async function checkApplication(
  fields: Record<string, string>,
  file: UploadedFile | undefined,
): Promise<CheckedApplication> {
  const parsed = applicationSchema.safeParse(fields);
  const errors = parsed.success ? {} : fieldErrors(parsed.error);
  const sniffed = file ? await sniffResume(file.bytes) : undefined;
  if (!file || !sniffed?.ok) errors.resume = applicationMessages.resume;
  if (!parsed.success || !file || !sniffed?.ok) return { ok: false, errors };
  return {
    ok: true,
    data: parsed.data,
    resume: {
      original_name: sanitizeFileName(file.name),
      detected_type: sniffed.type,
      size: file.bytes.length,
      sha256: crypto.createHash("sha256").update(file.bytes).digest("hex"),
      content: file.bytes,
    },
  };
}
