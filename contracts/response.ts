// zod's functional API: the browser loads this on a form's first submit (see fields.ts).
import { z } from "zod/mini";

export { requestedWithHeader, type ApiResponse } from "./constants";

/** Every answer of the API, success or failure, has this shape. */
export const apiResponseSchema = z.object({
  status: z.boolean(),
  // Optional: a success without a message shows the form's default (spec, error catalogue).
  message: z.optional(z.string()),
  data: z.optional(z.unknown()),
  errors: z.optional(z.record(z.string(), z.string())),
});

/** First message per field, keyed by field name: what the forms show and the API answers. */
export function fieldErrors(error: z.core.$ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "_");
    out[key] ??= issue.message;
  }
  return out;
}
