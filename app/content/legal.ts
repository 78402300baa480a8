import { z } from "zod";

/** Front matter of a legal page (app/content/legal/<slug>.md). */
export const legalSchema = z.object({
  title: z.string().min(5),
  updated: z.coerce.date(),
  summary: z.string().min(20),
});
