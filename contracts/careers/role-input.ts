/** The validator of what HR sends to create or change a role: the server's check and the console's. */
import { z } from "zod";
import {
  employmentTypes,
  officeCities,
  salaryCurrencies,
  salaryPeriods,
  slugPattern,
  workplaces,
  type EmploymentType,
  type SalaryPeriod,
  type Workplace,
} from "./roles";

const day = z.iso.date();

/** What HR sends to create or change a role (the server adds id, state and dates of change). */
export const roleInput = z
  .object({
    title: z
      .string()
      .trim()
      .min(3, "Give the role a title of 3 characters or more.")
      .max(120)
      // One plain line: the title is the page's heading, its <title>, the JobPosting's and the
      // audit entries' subject. No line breaks, tabs or text-direction overrides.
      .regex(/^[^\p{Cc}\u202a-\u202e\u2066-\u2069]*$/u, "Write the title on one line, without control characters."),
    slug: z
      .string()
      .trim()
      .max(100)
      .regex(slugPattern, "The address may hold lower-case letters, digits and single hyphens.")
      .optional(),
    // One of the form's positions: the server checks it against the positions table (decision 040).
    position: z
      .string()
      .trim()
      .min(1, "Choose one of the form's positions.")
      .max(60, "Choose one of the form's positions."),
    offices: z
      .array(z.enum(officeCities, { message: "Choose one of our offices." }))
      .min(1, "Choose at least one office.")
      .refine((list) => new Set(list).size === list.length, "Each office once."),
    employmentType: z.enum(Object.keys(employmentTypes) as [EmploymentType, ...EmploymentType[]]),
    workplace: z.enum(Object.keys(workplaces) as [Workplace, ...Workplace[]]),
    salary: z
      .object({
        min: z.number().int().positive(),
        max: z.number().int().positive(),
        currency: z.enum(salaryCurrencies),
        period: z.enum(Object.keys(salaryPeriods) as [SalaryPeriod, ...SalaryPeriod[]]),
      })
      .refine((s) => s.max >= s.min, "The top of the range must not be below its bottom.")
      .nullable(),
    description: z.string().trim().min(80, "Describe the role in 80 characters or more.").max(20_000),
    datePosted: day,
    validThrough: day,
  })
  .refine((r) => r.validThrough >= r.datePosted, {
    message: "The closing date must not come before the posting date.",
    path: ["validThrough"],
  });
export type RoleInput = z.infer<typeof roleInput>;
