/** The contact enquiry: POST {contact API base}/api/contact-us/create as JSON. */
import type { FormDefinition } from "./definition";
import { messageMax, nameAndEmail, phoneCountries } from "./person";

/** The spec's messages (section 5, contact form). */
export const contactMessages = {
  firstName: "Please provide your first name.",
  lastName: "Please provide your last name.",
  email: "Please enter a valid email.",
  phone: "Please enter a valid phone number.",
  reason: "Please provide a reason for inquiry.",
  message: "Please enter a message.",
  agree: "You must agree before submitting.",
} as const;

export const contactPath = "/api/contact-us/create";

export const contactForm = {
  kind: "contact",
  path: contactPath,
  title: "Contact enquiry",
  ariaLabel: "Contact form",
  encoding: "json",
  fields: [
    ...nameAndEmail(contactMessages),
    {
      name: "phone",
      label: "Phone",
      message: contactMessages.phone,
      input: "tel",
      countries: phoneCountries,
      column: "phone",
      personal: true,
      half: true,
      autoComplete: "tel",
    },
    {
      name: "reason",
      label: "Reason for inquiry",
      message: contactMessages.reason,
      input: "text",
      max: 200,
      column: "reason",
      summary: true,
      personal: true,
    },
    {
      name: "message",
      label: "Message",
      message: contactMessages.message,
      input: "textarea",
      max: messageMax,
      rows: 5,
      column: "message",
      personal: true,
    },
    {
      name: "agree",
      label: "I agree to the privacy terms and to being contacted about my enquiry.",
      link: { text: "privacy terms", to: "/privacy-policy" },
      message: contactMessages.agree,
      input: "checkbox",
      personal: false,
    },
  ],
} as const satisfies FormDefinition;
