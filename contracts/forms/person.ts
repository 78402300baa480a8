/**
 * The opening fields every form shares: first name, last name and e-mail address, in each form's
 * own words. The phone number differs by form (its rule, whether it is optional) and is each
 * form's own.
 */

/** A first or last name. */
const nameMax = 100;

/** A message, a cover letter, feedback. */
export const messageMax = 5000;

/**
 * The countries we work and hire in (our offices and clients): a number typed there without its
 * country code is read as theirs. Any country's number is taken with its code.
 */
export const phoneCountries = ["US", "GB", "IN", "AU"] as const;

export function nameAndEmail(messages: { firstName: string; lastName: string; email: string }) {
  return [
    {
      name: "firstName",
      label: "First name",
      message: messages.firstName,
      input: "text",
      max: nameMax,
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
      max: nameMax,
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
