/**
 * The opening fields every form shares: first name, last name and e-mail address, in each form's
 * own words. The phone number differs by form (its rule, whether it is optional) and is each
 * form's own.
 */
import { limits } from "../constants";

/** Spaces, dashes, dots and brackets people type between digits are taken out before the pattern. */
export const internationalPhone = "^\\+?\\d{10,15}$";

export function nameAndEmail(messages: { firstName: string; lastName: string; email: string }) {
  return [
    {
      name: "firstName",
      label: "First name",
      message: messages.firstName,
      input: "text",
      max: limits.name,
      column: "first_name",
      group: "Name",
      personal: true,
      half: true,
      autoComplete: "given-name",
    },
    {
      name: "lastName",
      label: "Last name",
      message: messages.lastName,
      input: "text",
      max: limits.name,
      column: "last_name",
      group: "Name",
      personal: true,
      half: true,
      autoComplete: "family-name",
    },
    {
      name: "email",
      label: "Email",
      message: messages.email,
      input: "email",
      column: "email",
      personal: true,
      half: true,
      autoComplete: "email",
    },
  ] as const;
}
