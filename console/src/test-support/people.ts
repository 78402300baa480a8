/** The people the page tests sign in as, typed by the contract of `me`. */
import type { StaffAnswer } from "@contracts/console-answers";

/** A seller: reads enquiries only, changes their status and owns them (the views Mine and Unassigned); no reply or erasure. */
export const seller: StaffAnswer = {
  id: 4,
  email: "sales@altivacloud.com",
  name: "Sam Seller",
  role: "sales",
  roleLabel: "Sales",
  permissions: ["submissions:read:contact", "submissions:update", "submissions:assign"],
};
