/**
 * A form with a field added, as a change to a definition would add it: the contact form with a
 * company field after the phone number (its column added by the tests, as its migration would).
 * The server's test (server/form-definition.test.ts) and the site's and console's
 * (scripts/added-field.test.ts) follow it through every place a field appears.
 */
import { formDefinitions, type FieldDefinition, type FormDefinition } from "../../contracts/forms/index";

export const companyField = {
  name: "company",
  label: "Company",
  message: "Please give your company's name.",
  input: "text",
  max: 200,
  column: "company",
  optional: true,
  personal: true,
} as const satisfies FieldDefinition;

/** The contact form with the company after the phone number. */
export const contactWithCompany: FormDefinition = {
  ...formDefinitions.contact,
  fields: [...formDefinitions.contact.fields.slice(0, 4), companyField, ...formDefinitions.contact.fields.slice(4)],
};

export const formsWithCompany = { ...formDefinitions, contact: contactWithCompany };
