/** The feedback form's types, messages and path (see constants.ts). */
export const feedbackTypes = ["website", "service", "support", "other"] as const;

export const feedbackMessages = {
  firstName: "Please provide your first name.",
  lastName: "Please provide your last name.",
  email: "Please enter a valid email.",
  phone: "Please enter a valid phone number.",
  feedbackType: "Please choose a feedback type.",
  message: "Please enter your feedback.",
  consent: "You must agree before submitting.",
} as const;

export const feedbackSuccessMessage =
  "Thank you for your feedback! We appreciate your input and will use it to improve our services.";

export const feedbackPath = "/api/feedback";
