import { describe, expect, it } from "vitest";
import { contactMessages, contactSchema } from "./contact";
import { fieldErrors } from "./response";

const valid = {
  firstName: "Ada",
  lastName: "Lovelace",
  email: "ada@example.com",
  phone: "4155550142",
  reason: "Cloud migration",
  message: "We want to move our billing platform to AWS.",
  agree: true,
};

describe("contactSchema", () => {
  it("accepts a valid enquiry and trims it", () => {
    const out = contactSchema.parse({ ...valid, firstName: "  Ada  " });
    expect(out.firstName).toBe("Ada");
  });

  it("answers every spec message for an empty submit", () => {
    const result = contactSchema.safeParse({});
    expect(result.success).toBe(false);
    expect(fieldErrors(result.error!)).toEqual(contactMessages);
  });

  it.each([
    ["123456789", false],
    ["1234567890", true],
    ["123456789012345", true],
    ["1234567890123456", false],
    ["+44 20 7946 0958", true],
    ["415-555-abcd", false],
  ])("phone %s valid=%s", (phone, ok) => {
    expect(contactSchema.safeParse({ ...valid, phone }).success).toBe(ok);
  });

  it("caps the message at 5,000 characters with its own message", () => {
    const result = contactSchema.safeParse({ ...valid, message: "x".repeat(5001) });
    expect(result.success).toBe(false);
    expect(fieldErrors(result.error!).message).toBe("Message must be at most 5,000 characters.");
  });
});
