/** Shared pieces of the content schemas. A broken entry fails the build with the entry's name and field. */
import { z } from "zod";
import { iconNames } from "~/components/sections/icon";

export const iconName = z.enum(iconNames);
export const internalLink = z.string().regex(/^\/[a-z0-9\-/]*$/, "must be a site path like /contact");

export const faqItem = z.object({
  question: z.string().min(10).describe("Shown as the accordion header and in FAQPage JSON-LD"),
  answer: z.string().min(20),
});
export type FaqItem = z.infer<typeof faqItem>;

export const faqBlock = z.object({
  title: z.string().min(3),
  subtitle: z.string().min(10),
  questions: z.array(faqItem).min(3),
});

export const feature = z.object({
  icon: iconName,
  title: z.string().min(3),
  description: z.string().min(30),
});

/** Parses every entry of a collection, naming the entry in the error. */
export function parseCollection<T>(
  name: string,
  schema: z.ZodType<T>,
  entries: Record<string, unknown>,
): Record<string, T> {
  const out: Record<string, T> = {};
  for (const [key, value] of Object.entries(entries)) {
    const result = schema.safeParse(value);
    if (!result.success) {
      const problems = result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
      throw new Error(`Content error in ${name} "${key}": ${problems}`);
    }
    out[key] = result.data;
  }
  return out;
}
