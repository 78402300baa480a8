/** The contact enquiry's messages and path (see constants.ts for why these are apart from the schema). */
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
