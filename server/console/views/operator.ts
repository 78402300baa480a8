/** How `spam_reviews` and the decisions name a person from the console (the CLI records a shell user's name). */
import type { StaffMember } from "../sessions";

export function operatorOf(staff: Pick<StaffMember, "name" | "email">): string {
  return `${staff.name} <${staff.email}>`;
}
