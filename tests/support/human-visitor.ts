/**
 * A person filling the site's three forms in Chromium: clicking into each field and typing key by
 * key with pauses (about 16 characters a second: a quick typist), choosing options, attaching a
 * resume. Used by the end-to-end tests of the spam defence and by `npm run bench:spam`, with and
 * without JavaScript. Every visitor's words are distinct, so their submission can be found again.
 */
import type { Locator, Page } from "@playwright/test";

export type FormName = "contact" | "feedback" | "application";

export const formPages: Record<FormName, { path: string; label: string; button: string }> = {
  contact: { path: "/contact", label: "Contact form", button: "Book A Consultation" },
  feedback: { path: "/feedback", label: "Feedback form", button: "Send Feedback" },
  application: { path: "/career", label: "Job application form", button: "Submit Application" },
};

const pdf = Buffer.from("%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");

const firstNames = ["Amara", "Bastian", "Chiara", "Dmitri", "Elif", "Farid", "Greta", "Hiroshi", "Ines", "Jonas"];
const lastNames = ["Okafor", "Lindqvist", "Moretti", "Petrov", "Yilmaz", "Haddad", "Novak", "Tanaka", "Ferreira"];
const messages: Record<FormName, string[]> = {
  contact: [
    "We run our billing on two ageing VMs and want a plan for moving it to AWS before March.",
    "Could you review our Kubernetes setup? Deployments take 40 minutes and often fail.",
    "We need a mobile app for our field technicians, offline first, about 12 screens.",
    "Our data team wants to try MLOps; what would a four-week pilot with you look like?",
  ],
  feedback: [
    "The case study on the CRM app answered most of my questions, thank you.",
    "The services page loads quickly on my phone, but the menu button is small.",
    "I could not find your office address on the contact page at first.",
  ],
  application: [
    "Six years of Node.js and Python services, the last three on AWS with Terraform.",
    "I led the move of a payments platform to Kubernetes and would like to do more of it.",
    "Frontend developer with React and TypeScript, keen on accessibility.",
  ],
};

export interface Visitor {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  message: string;
}

/** The n-th visitor of a run: distinct names and address, varied messages. */
export function visitorFor(form: FormName, n: number, tag: string): Visitor {
  const first = firstNames[n % firstNames.length]!;
  const last = lastNames[(n * 7) % lastNames.length]!;
  return {
    firstName: first,
    lastName: `${last}${tag}${n}`,
    email: `${first.toLowerCase()}.${tag}${n}@mail.altiva-visitors.net`,
    phone: `41555${String(10_000 + ((n * 7919) % 89_999))}`,
    message: messages[form][n % messages[form].length]!,
  };
}

async function type(field: Locator, text: string) {
  await field.click();
  await field.pressSequentially(text, { delay: 60 });
  // A moment before the next field, as a person reads the next label.
  await field.page().waitForTimeout(250);
}

/** Fills the form as a person does and sends it; returns the form. */
export async function fillLikeAPerson(page: Page, form: FormName, v: Visitor): Promise<Locator> {
  const f = page.getByRole("form", { name: formPages[form].label });
  await type(f.getByLabel("First name"), v.firstName);
  await type(f.getByLabel("Last name"), v.lastName);
  await type(f.getByLabel("Email"), v.email);
  if (form === "contact") {
    await type(f.getByLabel("Phone"), v.phone);
    await type(f.getByLabel("Reason for inquiry"), "Cloud migration");
    await type(f.getByLabel("Message"), v.message);
  } else if (form === "feedback") {
    await f.getByLabel("Feedback type").selectOption("website");
    await type(f.getByLabel("Your feedback"), v.message);
  } else {
    await type(f.getByLabel("Phone"), v.phone);
    await f.getByLabel("Position").selectOption("Cloud Architect");
    await f.getByLabel("Resume").setInputFiles({ name: "cv.pdf", mimeType: "application/pdf", buffer: pdf });
    await type(f.getByLabel("Cover letter"), v.message);
  }
  await f.getByRole("checkbox", { name: /^I agree/ }).check();
  await f.getByRole("button", { name: formPages[form].button }).click();
  return f;
}
