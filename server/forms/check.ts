/**
 * A form's post checked as its definition says: the fields by the validator built from it
 * (contracts/forms/schema.ts), a file field by the file's content. The same for a script's post
 * and a browser's own.
 */
import crypto from "node:crypto";
import { fieldErrors } from "../../contracts/index";
import type { FormDefinition } from "../../contracts/forms/index";
import { schemaOf, type SubmittedValues } from "../../contracts/forms/schema";
import type { ResumeData } from "../submissions/submissions";
import { sanitizeFileName, sniffResume } from "../uploads/resume-type";
import type { UploadedFile } from "./read-body";

export type Checked =
  { ok: true; data: SubmittedValues; resume?: ResumeData } | { ok: false; errors: Record<string, string> };

export type Check = (fields: Record<string, unknown>, file: UploadedFile | undefined) => Promise<Checked>;

/** The form's file field, if it has one (the application's resume): its request key and message. */
export function fileFieldOf(form: FormDefinition): { name: string; message: string } | undefined {
  return form.fields.find((f) => f.input === "file");
}

/**
 * The check of one form, its validator built once. A file field is required: the file must be a
 * document the content check accepts (uploads/resume-type.ts), whatever its name says.
 */
export function formCheck(form: FormDefinition): Check {
  const schema = schemaOf(form);
  const fileField = fileFieldOf(form);
  return async (fields, file) => {
    const parsed = schema.safeParse(fields);
    const errors = parsed.success ? {} : fieldErrors(parsed.error);
    if (!fileField) return parsed.success ? { ok: true, data: parsed.data } : { ok: false, errors };
    const sniffed = file ? await sniffResume(file.bytes) : undefined;
    if (!file || !sniffed?.ok) errors[fileField.name] = fileField.message;
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
  };
}
