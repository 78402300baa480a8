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
    ["+44 20 7946 0958", "+442079460958"],
    ["020 7946 0958", "+442079460958"],
    ["0044 20 7946 0958", "+442079460958"],
    ["+91 98765 43210", "+919876543210"],
    ["+91 98450 12345", "+919845012345"],
    ["(415) 555-0142", "+14155550142"],
    ["4155550142", "+14155550142"],
    ["0412 345 678", "+61412345678"],
    ["+49 30 901820", "+4930901820"],
  ])("takes the phone number %s and stores it as %s", (phone, stored) => {
    expect(contactSchema.parse({ ...valid, phone }).phone).toBe(stored);
    expect(schemaOf(applicationForm).safeParse({ ...valid, position: "QA Engineer", phone }).data?.phone).toBe(stored);
  });

  it.each(["12345", "abcdefghij", "415-555-abcd", "1-800-FLOWERS", "987654321098765", "+44 20"])(
    "refuses the phone number %s with the spec's message",
    (phone) => {
      expect(fieldErrors(contactSchema.safeParse({ ...valid, phone }).error!).phone).toBe(contactMessages.phone);
      const application = schemaOf(applicationForm).safeParse({ ...valid, position: "QA Engineer", phone });
      expect(fieldErrors(application.error!).phone).toBe(applicationMessages.phone);
    },
  );

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

  /** A feedback post as the form sends it, its consent and its optional phone left out. */
  const feedbackPost = {
    firstName: "Zoë",
    lastName: "Ñúñez",
    email: "zoe@example.com",
    feedbackType: "service",
    message: "Quick and clear.",
  };
  const feedbackSchema = schemaOf(feedbackForm);

  describe("an optional field (feedback's phone)", () => {
    const feedback = { ...feedbackPost, agree: true };
    const schema = feedbackSchema;

    it.each([
      ["left out", {}],
      ["empty", { phone: "" }],
      ["blank", { phone: "   " }],
    ])("is accepted %s, and kept as nothing", (_case, phone) => {
      const result = schema.safeParse({ ...feedback, ...phone });
      expect(result.success).toBe(true);
      expect(result.data?.phone).toBeUndefined();
    });

    it.each(["123", "12ab", "abcdefghij", "+44 20", "9".repeat(31)])(
      "refuses %s with the field's own message, not a generic one",
      (phone) => {
        expect(fieldErrors(schema.safeParse({ ...feedback, phone }).error!)).toEqual({ phone: feedbackMessages.phone });
      },
    );

    it("stores a valid number as E.164", () => {
      expect(schema.parse({ ...feedback, phone: " 020 7946 0958 " }).phone).toBe("+442079460958");
    });
  });

  it("takes feedback's consent under its former name, consent, as well as agree", () => {
    const feedback = feedbackPost;
    const schema = feedbackSchema;
    expect(schema.safeParse({ ...feedback, consent: true }).data?.agree).toBe(true);
    expect(schema.safeParse({ ...feedback, agree: true }).data?.agree).toBe(true);
    expect(fieldErrors(schema.safeParse({ ...feedback, consent: false }).error!)).toEqual({
      agree: feedbackMessages.agree,
    });
  });
});
