/**
 * The console's view of where an enquiry came from (contracts/lead-source.ts), apart from that
 * module so the site's forms, which import it, never pull in the validator.
 */
import { z } from "zod";

/** Each part as stored: null when not recorded (no consent, not sent, or refused as unclean). */
export const leadSourceAnswer = z.object({
  path: z.string().nullable(),
  referrer: z.string().nullable(),
  campaign: z.string().nullable(),
});
