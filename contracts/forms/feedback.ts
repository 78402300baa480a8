/** Feedback: POST {contact API base}/api/feedback as JSON. The phone number is optional. */
import type { FormDefinition } from "./definition";
import { messageMax, nameAndEmail, phoneCountries } from "./person";

export const feedbackTypes = ["website", "service", "support", "other"] as const;

export const feedbackMessages = {
  firstName: "Please provide your first name.",
  lastName: "Please provide your last name.",
  email: "Please enter a valid email.",
  phone: "Please enter a valid phone number.",
  feedbackType: "Please choose a feedback type.",
  message: "Please enter your feedback.",
  agree: "You must agree before submitting.",
} as const;

export const feedbackSuccessMessage =
  "Thank you for your feedback! We appreciate your input and will use it to improve our services.";

export const feedbackPath = "/api/feedback";

const typeLabels: Record<(typeof feedbackTypes)[number], string> = {
  website: "Website",
  service: "Service",
  support: "Support",
  other: "Other",
};

export const feedbackForm = {
  kind: "feedback",
  path: feedbackPath,
  title: "Feedback",
  ariaLabel: "Feedback form",
  encoding: "json",
  fields: [
    ...nameAndEmail(feedbackMessages),
    {
      name: "phone",
      label: "Phone",
      message: feedbackMessages.phone,
      input: "tel",
      countries: phoneCountries,
      optional: true,
      column: "phone",
      personal: true,
      half: true,
      autoComplete: "tel",
    },
    {
      name: "feedbackType",
      label: "Feedback type",
      message: feedbackMessages.feedbackType,
      input: "select",
      options: feedbackTypes.map((t) => ({ value: t, label: typeLabels[t] })),
      placeholder: "Choose a type",
      column: "feedback_type",
      summary: true,
      personal: false,
    },
    {
      name: "message",
      label: "Your feedback",
      staffLabel: "Feedback",
      message: feedbackMessages.message,
      input: "textarea",
      max: messageMax,
      rows: 5,
      column: "message",
      personal: true,
    },
    {
      name: "agree",
      // Sent as "consent" before the three forms agreed on one name.
      formerName: "consent",
      label: "I agree that my feedback and details are handled as the Privacy Policy describes.",
      link: { text: "Privacy Policy", to: "/privacy-policy" },
      message: feedbackMessages.agree,
      input: "checkbox",
      personal: false,
    },
  ],
} as const satisfies FormDefinition;
