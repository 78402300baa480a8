/** How the console shows a submission an erasure would remove (the plan shown before anything goes). */
import type { ErasureItemAnswer } from "../../../contracts/console-answers";
import type { ErasureItem } from "../../retention/erasure";
import { resumeFileName } from "../../uploads/resume-name";

export function erasureItemView(item: ErasureItem): ErasureItemAnswer {
  return {
    id: item.id,
    kind: item.kind,
    reference: item.reference,
    created_at: item.createdAt,
    quarantined: item.quarantined,
    resume: item.resume
      ? {
          fileName: resumeFileName(item.kind === "application" ? item.reference : null, item.resume.detectedType),
          original_name: item.resume.originalName,
          size: item.resume.size,
        }
      : null,
    notes: item.notes,
    messages: item.messages,
  };
}
