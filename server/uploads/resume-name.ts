/**
 * The name and type a stored resume travels under, from its detected type only. The uploaded
 * name is kept as data (shown escaped): a PDF named `cv.html` must not reach a mail client or a
 * disk as a web page.
 */
import type { ResumeType } from "./resume-type";

export const resumeContentTypes: Record<ResumeType, string> = {
  pdf: "application/pdf",
  doc: "application/msword",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
};

export function resumeFileName(reference: string | null, type: ResumeType): string {
  const base = (reference ?? "application").replace(/[^A-Za-z0-9-]/g, "");
  return `${base}-resume.${type}`;
}
