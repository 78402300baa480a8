import { describe, expect, it } from "vitest";
import { fieldErrors } from "../response";
import { applicationForm, applicationMessages } from "./application";
import { contactForm, contactMessages } from "./contact";
import { feedbackForm, feedbackMessages } from "./feedback";
import { schemaOf } from "./schema";

const contactSchema = schemaOf(contactForm);

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

describe("schemaOf", () => {
  it("answers each form's own messages for an empty submit, the file excepted", () => {
    const { resume: _file, resumeTooLarge: _size, ...application } = applicationMessages;
    expect(fieldErrors(schemaOf(applicationForm).safeParse({}).error!)).toEqual(application);
    const { phone: _optional, ...feedback } = feedbackMessages;
    expect(fieldErrors(schemaOf(feedbackForm).safeParse({}).error!)).toEqual(feedback);
  });

  it("takes feedback's consent under its former name, consent, as well as agree", () => {
    const feedback = {
      firstName: "Zoë",
      lastName: "Ñúñez",
      email: "zoe@example.com",
      feedbackType: "service",
      message: "Quick and clear.",
    };
    const schema = schemaOf(feedbackForm);
    expect(schema.safeParse({ ...feedback, consent: true }).data?.agree).toBe(true);
    expect(schema.safeParse({ ...feedback, agree: true }).data?.agree).toBe(true);
    expect(fieldErrors(schema.safeParse({ ...feedback, consent: false }).error!)).toEqual({
      agree: feedbackMessages.agree,
    });
  });
});
