import type { Page } from "@playwright/test";

/** Fills the contact form with a valid enquiry (any field overridden) and ticks its consent. */
export async function fillContact(page: Page, overrides: Record<string, string> = {}) {
  const form = page.getByRole("form", { name: "Contact form" });
  const values = {
    "First name": "Ada",
    "Last name": "Lovelace",
    Email: "ada@example.com",
    Phone: "4155550142",
    "Reason for inquiry": "Cloud migration",
    Message: "We would like to move our billing platform to AWS.",
    ...overrides,
  };
  for (const [label, value] of Object.entries(values)) await form.getByLabel(label, { exact: true }).fill(value);
  await form.getByRole("checkbox").check();
  return form;
}
