import { expect, test, type Locator, type Page, type Route } from "./fixtures";
import { fillContact } from "./contact-form";
import {
  applicationMessages,
  futureRolesConsent,
  contactMessages,
  feedbackMessages,
  feedbackSuccessMessage,
  oneLineMessage,
  positions,
} from "../../contracts/index";

const pdf = Buffer.from("%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem("cookiesDeclined", "true"));
});

/**
 * The message line of the sent panel that takes the form's place (its heading, this line, the
 * way back to an empty form; the shape is tested in form-states.spec.ts).
 */
const sentLine = (form: Locator) => form.getByRole("status").locator("p").first();

/** Answers the next API call with `body` (or aborts), recording what the page sent. */
async function answer(
  page: Page,
  path: string,
  reply: { status?: number; body?: unknown; abort?: boolean; hold?: Promise<void> },
) {
  const seen: { method: string; headers: Record<string, string>; body: string | null; buffer: Buffer | null }[] = [];
  await page.route(`**${path}`, async (route: Route) => {
    const req = route.request();
    seen.push({ method: req.method(), headers: req.headers(), body: req.postData(), buffer: req.postDataBuffer() });
    if (reply.hold) await reply.hold;
    if (reply.abort) return route.abort("failed");
    return route.fulfill({
      status: reply.status ?? 201,
      contentType: "application/json",
      body: typeof reply.body === "string" ? reply.body : JSON.stringify(reply.body),
    });
  });
  return seen;
}

test.describe("contact form", () => {
  test("a first name with ESC or U+202E shows the field's message and sends nothing", async ({ page }) => {
    const seen = await answer(page, "/api/contact-us/create", { body: { status: true, message: "ok" } });
    await page.goto("/contact");
    for (const name of ["Ada\u001b]52;c;eA==\u0007", "Ada\u202eecalevol"]) {
      const form = await fillContact(page, { "First name": name });
      await form.getByRole("button", { name: "Book A Consultation" }).click();
      await expect(
        form.locator(".invalid-feedback").getByText(oneLineMessage("First name"), { exact: true }),
      ).toBeVisible();
      await expect(form.getByLabel("First name", { exact: true })).toHaveAttribute("aria-invalid", "true");
    }
    expect(seen).toHaveLength(0);
  });

  test("an empty submit shows all seven messages, focuses the first field and sends nothing", async ({ page }) => {
    const seen = await answer(page, "/api/contact-us/create", { body: { status: true, message: "ok" } });
    await page.goto("/contact");
    const form = page.getByRole("form", { name: "Contact form" });
    await form.getByRole("button", { name: "Book A Consultation" }).click();
    for (const message of Object.values(contactMessages))
      await expect(form.locator(".invalid-feedback").getByText(message, { exact: true })).toBeVisible();
    await expect(form.getByLabel("First name")).toBeFocused();
    await expect(form.getByLabel("First name")).toHaveAttribute("aria-invalid", "true");
    const describedBy = await form.getByLabel("First name").getAttribute("aria-describedby");
    await expect(page.locator(`#${describedBy}`)).toHaveText(contactMessages.firstName);
    expect(seen).toHaveLength(0);
  });

  test("each invalid field blocks sending with its message", async ({ page }) => {
    const seen = await answer(page, "/api/contact-us/create", { body: { status: true, message: "ok" } });
    await page.goto("/contact");
    const form = await fillContact(page, { Phone: "12345", Email: "ada@" });
    await form.getByRole("button", { name: "Book A Consultation" }).click();
    await expect(form.locator(".invalid-feedback").getByText(contactMessages.phone)).toBeVisible();
    await expect(form.locator(".invalid-feedback").getByText(contactMessages.email)).toBeVisible();
    await expect(form.getByLabel("Email")).toBeFocused();
    await form.getByLabel("Email").fill("ada@example.com");
    await form.getByLabel("Phone").fill("4155550142");
    await form.getByRole("checkbox").uncheck();
    await form.getByRole("button", { name: "Book A Consultation" }).click();
    await expect(form.locator(".invalid-feedback").getByText(contactMessages.agree)).toBeVisible();
    expect(seen).toHaveLength(0);
  });

  test("sends exactly the spec's keys, shows Sending... while held, then the server's message and clears", async ({
    page,
  }) => {
    let release!: () => void;
    const hold = new Promise<void>((r) => (release = r));
    const seen = await answer(page, "/api/contact-us/create", {
      body: { status: true, message: "Thanks, Ada!" },
      hold,
    });
    await page.goto("/contact");
    const form = await fillContact(page);
    await form.getByRole("button", { name: "Book A Consultation" }).click();
    const sending = form.getByRole("button", { name: "Sending..." });
    await expect(sending).toBeDisabled();
    await sending.click({ force: true });
    release();
    await expect(sentLine(form)).toHaveText("Thanks, Ada!");
    expect(seen).toHaveLength(1);
    expect(seen[0]!.method).toBe("POST");
    expect(seen[0]!.headers["x-requested-with"]).toBe("XMLHttpRequest");
    expect(seen[0]!.headers["content-type"]).toContain("application/json");
    // The spec's keys, and the proof of work the page computed (server/spam/, decision 018).
    const { altcha, ...sentFields } = JSON.parse(seen[0]!.body!) as Record<string, unknown>;
    expect(JSON.parse(Buffer.from(String(altcha), "base64").toString())).toHaveProperty("solution.counter");
    expect(sentFields).toEqual({
      firstName: "Ada",
      lastName: "Lovelace",
      email: "ada@example.com",
      // As the form checked it: the US number typed without its code, in E.164.
      phone: "+14155550142",
      reason: "Cloud migration",
      message: "We would like to move our billing platform to AWS.",
      agree: true,
      // Beside the fields, the page it was sent from (no measurement consent: nothing more).
      source_path: "/contact",
    });
    // The message is dismissed by asking for the form again: it comes back empty, checked state reset.
    await form.getByRole("link", { name: "Send another message" }).click();
    await expect(form.getByRole("status")).toHaveCount(0);
    await expect(form.getByLabel("First name")).toHaveValue("");
    await expect(form.getByRole("checkbox")).not.toBeChecked();
    await expect(form.locator(".is-valid, .is-invalid")).toHaveCount(0);
  });

  test("{status: true} without a message shows the spec's default, in view and focused on a phone", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await answer(page, "/api/contact-us/create", { body: { status: true } });
    await page.goto("/contact");
    const form = await fillContact(page);
    await form.getByRole("button", { name: "Book A Consultation" }).click();
    const confirmation = form.getByRole("status");
    await expect(sentLine(form)).toHaveText("Your message has been sent successfully!");
    await expect(confirmation).toBeFocused();
    await expect(confirmation).toBeInViewport({ ratio: 1 });
  });

  for (const [label, reply, expected] of [
    [
      "status false",
      { status: 200, body: { status: false, message: "We could not take this." } },
      "We could not take this.",
    ],
    ["HTTP 500", { status: 500, body: { status: false, message: "" } }, "Submission failed. Please try again."],
    ["a network failure", { abort: true }, "Error submitting the form. Please try again later."],
    ["an unreadable answer", { status: 200, body: "<html>" }, "Error submitting the form. Please try again later."],
  ] as const) {
    test(`${label} shows its message and keeps the data`, async ({ page }) => {
      await answer(page, "/api/contact-us/create", reply);
      await page.goto("/contact");
      const form = await fillContact(page);
      await form.getByRole("button", { name: "Book A Consultation" }).click();
      await expect(form.getByRole("alert")).toHaveText(expected);
      await expect(form.getByLabel("First name")).toHaveValue("Ada");
      await expect(form.getByRole("checkbox")).toBeChecked();
      await expect(form.getByRole("button", { name: "Book A Consultation" })).toBeEnabled();
    });
  }

  test("a filled honeypot is sent; a person's payload never carries it", async ({ page }) => {
    const seen = await answer(page, "/api/contact-us/create", { body: { status: true, message: "ok" } });
    await page.goto("/contact");
    const form = await fillContact(page);
    await page.locator('input[name="website"]').evaluate((el: HTMLInputElement) => (el.value = "spam.biz"));
    await form.getByRole("button", { name: "Book A Consultation" }).click();
    await expect(sentLine(form)).toHaveText("ok");
    expect(JSON.parse(seen[0]!.body!).website).toBe("spam.biz");
  });

  test("the consent label links to the privacy policy", async ({ page }) => {
    await page.goto("/contact");
    await expect(
      page.getByRole("form", { name: "Contact form" }).getByRole("link", { name: "privacy terms" }),
    ).toHaveAttribute("href", "/privacy-policy");
  });

  test("submits for real to the running server", async ({ page }) => {
    await page.goto("/contact");
    const form = await fillContact(page, { Message: `Real enquiry ${Date.now()}` });
    await form.getByRole("button", { name: "Book A Consultation" }).click();
    await expect(sentLine(form)).toHaveText(/Thank you for contacting us!/);
  });
});

async function fillApplication(page: Page, file = { name: "cv.pdf", mimeType: "application/pdf", buffer: pdf }) {
  const form = page.getByRole("form", { name: "Job application form" });
  await form.getByLabel("First name").fill("Alan");
  await form.getByLabel("Last name").fill("Turing");
  await form.getByLabel("Email").fill("alan@example.com");
  await form.getByLabel("Phone").fill("4155550199");
  await form.getByLabel("Position").selectOption("Backend Developer");
  await form.getByLabel("Resume").setInputFiles(file);
  await form.getByLabel("Cover letter").fill("Six years of payment APIs in Node.js and Python.");
  // The future-roles box is optional and stays unticked: only the policy's agreement is ticked.
  await form.getByRole("checkbox", { name: /^I agree/ }).check();
  return form;
}

test.describe("careers form", () => {
  test("offers the 17 positions and shows every message on an empty submit", async ({ page }) => {
    await page.goto("/career");
    const form = page.getByRole("form", { name: "Job application form" });
    const options = await form.getByLabel("Position").locator("option:not([disabled])").allTextContents();
    expect(options).toEqual([...positions]);
    await form.getByRole("button", { name: "Submit Application" }).click();
    for (const key of ["firstName", "lastName", "email", "phone", "position", "resume", "message", "agree"] as const) {
      await expect(
        form.locator(".invalid-feedback").getByText(applicationMessages[key], { exact: true }),
      ).toBeVisible();
    }
    await expect(form.getByLabel("First name")).toBeFocused();
  });

  test("checks the resume's type and size and the 10-digit phone in the browser", async ({ page }) => {
    const seen = await answer(page, "/api/job-application/apply", {
      body: { status: true, message: "ok", data: "APP-1" },
    });
    await page.goto("/career");
    const form = await fillApplication(page, { name: "photo.png", mimeType: "image/png", buffer: Buffer.from("png") });
    await form.getByLabel("Phone").fill("41555501990");
    await form.getByRole("button", { name: "Submit Application" }).click();
    await expect(form.locator(".invalid-feedback").getByText(applicationMessages.resume)).toBeVisible();
    await expect(form.locator(".invalid-feedback").getByText(applicationMessages.phone)).toBeVisible();
    await form
      .getByLabel("Resume")
      .setInputFiles({ name: "big.pdf", mimeType: "application/pdf", buffer: Buffer.alloc(5 * 1024 * 1024 + 1) });
    await form.getByRole("button", { name: "Submit Application" }).click();
    await expect(form.locator(".invalid-feedback").getByText(applicationMessages.resumeTooLarge)).toBeVisible();
    expect(seen).toHaveLength(0);
  });

  test("sends multipart with the spec's names, shows Submitting..., then the number, and resets", async ({ page }) => {
    let release!: () => void;
    const hold = new Promise<void>((r) => (release = r));
    const seen = await answer(page, "/api/job-application/apply", {
      body: { status: true, message: "Application received", data: "APP-2026-000042" },
      hold,
    });
    await page.goto("/career");
    const form = await fillApplication(page);
    await form.getByRole("button", { name: "Submit Application" }).click();
    await expect(form.getByRole("button", { name: "Submitting..." })).toBeDisabled();
    release();
    await expect(sentLine(form)).toHaveText("Application received with application number APP-2026-000042");
    const sent = seen[0]!;
    expect(sent.headers["content-type"]).toMatch(/^multipart\/form-data; boundary=/);
    expect(sent.headers["x-requested-with"]).toBe("XMLHttpRequest");
    const names = [...sent.buffer!.toString("latin1").matchAll(/; name="([^"]+)"/g)].map((m) => m[1]);
    expect(names.sort()).toEqual([
      "agree",
      "altcha",
      "email",
      "firstName",
      "lastName",
      "message",
      "phone",
      "position",
      "resume",
      "source_path",
    ]);
    expect(sent.buffer!.toString("latin1")).toContain('filename="cv.pdf"');
    await form.getByRole("link", { name: "Apply for another position" }).click();
    await expect(form.getByLabel("First name")).toHaveValue("");
    expect(await form.getByLabel("Resume").evaluate((el: HTMLInputElement) => el.files?.length)).toBe(0);
  });

  test("offers “Keep my application for future roles for up to 24 months” unticked and optional; ticked, it is sent", async ({
    page,
  }) => {
    const seen = await answer(page, "/api/job-application/apply", {
      body: { status: true, message: "Application received", data: "APP-2026-000043" },
    });
    await page.goto("/career");
    const form = await fillApplication(page);
    const box = form.getByRole("checkbox", { name: /^Keep my application for future roles for up to 24 months/ });
    await expect(box).not.toBeChecked();
    await expect(box).not.toHaveAttribute("required");
    await box.check();
    await form.getByRole("button", { name: "Submit Application" }).click();
    await expect(sentLine(form)).toHaveText("Application received with application number APP-2026-000043");
    // Sent as the contract reads it: the version of the words the candidate ticked.
    const sent = /; name="futureRoles"\r\n\r\n([^\r]*)\r\n/.exec(seen[0]!.buffer!.toString("latin1"));
    expect(sent?.[1]).toBe(futureRolesConsent.version);
  });

  for (const [label, reply, expected] of [
    [
      "status false",
      { status: 200, body: { status: false, message: "Applications are closed for this role." } },
      "Applications are closed for this role.",
    ],
    [
      "HTTP 500",
      { status: 500, body: { status: false, message: "Something went wrong on our side." } },
      "Something went wrong on our side.",
    ],
    ["a network failure", { abort: true }, "Something went wrong. Please try again later."],
  ] as const) {
    test(`${label} shows its message and keeps the form`, async ({ page }) => {
      const logged: string[] = [];
      page.on("console", (m) => m.type() === "error" && logged.push(m.text()));
      await answer(page, "/api/job-application/apply", reply);
      await page.goto("/career");
      const form = await fillApplication(page);
      await form.getByRole("button", { name: "Submit Application" }).click();
      await expect(form.getByRole("alert")).toHaveText(expected);
      await expect(form.getByLabel("First name")).toHaveValue("Alan");
      if (label === "a network failure") expect(logged.join("\n")).toContain("Form submission failed");
    });
  }

  test("submits for real to the running server", async ({ page }) => {
    await page.goto("/career");
    const form = await fillApplication(page);
    await form.getByRole("button", { name: "Submit Application" }).click();
    await expect(sentLine(form)).toHaveText(/with application number APP-\d{4}-\d{6}$/);
  });
});

test.describe("feedback form", () => {
  async function fillFeedback(page: Page) {
    const form = page.getByRole("form", { name: "Feedback form" });
    await form.getByLabel("First name").fill("Grace");
    await form.getByLabel("Last name").fill("Hopper");
    await form.getByLabel("Email").fill("grace@example.com");
    await form.getByLabel("Feedback type").selectOption("service");
    await form.getByLabel("Your feedback").fill("The migration team was quick and clear.");
    await form.getByRole("checkbox").check();
    return form;
  }

  test("really checks the required fields", async ({ page }) => {
    const seen = await answer(page, "/api/feedback", { body: { status: true, message: "ok" } });
    await page.goto("/feedback");
    const form = page.getByRole("form", { name: "Feedback form" });
    await form.getByRole("button", { name: "Send Feedback" }).click();
    for (const key of ["firstName", "lastName", "email", "feedbackType", "message", "agree"] as const) {
      await expect(form.locator(".invalid-feedback").getByText(feedbackMessages[key], { exact: true })).toBeVisible();
    }
    expect(seen).toHaveLength(0);
  });

  test("the optional phone, given but invalid, blocks sending with its own message", async ({ page }) => {
    const seen = await answer(page, "/api/feedback", { body: { status: true, message: "ok" } });
    await page.goto("/feedback");
    const form = await fillFeedback(page);
    const phone = form.getByLabel("Phone");
    for (const number of ["12ab", "123"]) {
      await phone.fill(number);
      await form.getByRole("button", { name: "Send Feedback" }).click();
      await expect(form.locator(".invalid-feedback")).toHaveText([feedbackMessages.phone]);
      await expect(phone).toBeFocused();
    }
    await phone.fill("");
    await form.getByRole("button", { name: "Send Feedback" }).click();
    await expect(sentLine(form)).toHaveText(feedbackSuccessMessage);
    expect(seen).toHaveLength(1);
    expect(JSON.parse(seen[0]!.body!)).not.toHaveProperty("phone");
  });

  test("sends JSON and shows exactly the spec's thank-you", async ({ page }) => {
    const seen = await answer(page, "/api/feedback", { body: { status: true, message: "stored" } });
    await page.goto("/feedback");
    const form = await fillFeedback(page);
    await form.getByRole("button", { name: "Send Feedback" }).click();
    await expect(sentLine(form)).toHaveText(
      "Thank you for your feedback! We appreciate your input and will use it to improve our services.",
    );
    expect(Object.keys(JSON.parse(seen[0]!.body!)).sort()).toEqual(
      ["agree", "altcha", "email", "feedbackType", "firstName", "lastName", "message", "source_path"].sort(),
    );
  });

  test("{status: true} without a message shows the thank-you, in view and focused on a phone", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await answer(page, "/api/feedback", { body: { status: true } });
    await page.goto("/feedback");
    const form = await fillFeedback(page);
    await form.getByRole("button", { name: "Send Feedback" }).click();
    const confirmation = form.getByRole("status");
    await expect(sentLine(form)).toHaveText(feedbackSuccessMessage);
    await expect(confirmation).toBeFocused();
    await expect(confirmation).toBeInViewport({ ratio: 1 });
  });

  test("a failure shows an error and keeps the data", async ({ page }) => {
    await answer(page, "/api/feedback", { status: 500, body: { status: false, message: "" } });
    await page.goto("/feedback");
    const form = await fillFeedback(page);
    await form.getByRole("button", { name: "Send Feedback" }).click();
    await expect(form.getByRole("alert")).toHaveText("Your feedback could not be sent. Please try again.");
    await expect(form.getByLabel("Your feedback")).toHaveValue("The migration team was quick and clear.");
  });

  test("submits for real to the running server", async ({ page }) => {
    await page.goto("/feedback");
    const form = await fillFeedback(page);
    await form.getByRole("button", { name: "Send Feedback" }).click();
    await expect(sentLine(form)).toHaveText(/^Thank you for your feedback!/);
  });
});

test("a form can be completed and sent with the keyboard alone", async ({ page }) => {
  const seen = await answer(page, "/api/contact-us/create", { body: { status: true, message: "Sent by keyboard" } });
  await page.goto("/contact");
  const form = page.getByRole("form", { name: "Contact form" });
  await form.getByLabel("First name").focus();
  for (const value of ["Ada", "Lovelace", "ada@example.com", "4155550142", "Cloud migration", "Move us to AWS."]) {
    await page.keyboard.type(value);
    await page.keyboard.press("Tab");
  }
  await page.keyboard.press("Space");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Enter");
  await expect(sentLine(form)).toHaveText("Sent by keyboard");
  expect(seen).toHaveLength(1);
});
