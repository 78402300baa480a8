/**
 * Replies from the console (issue 27), in Chromium against the real server and a real SMTP server
 * (smtp-sink.ts): a sales person opens an enquiry, starts from a template, writes their own words,
 * previews and sends; the mail server receives one reply to the submitter, from the person who
 * wrote it, threaded on the confirmation the submitter received; the page shows it in the history
 * and the status is "answered"; the mailto: and tel: links point at the submitter. The page looked at 375 and 1280 px wide.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { check, enquire, signedIn } from "./helpers";

const sinkDir = process.env.SMTP_SINK_DIR!;
/** The server's INBOUND_MAILGUN_SIGNING_KEY (playwright.console.config.ts). */
const mailgunKey = "console-e2e-mailgun-signing-key";

/** Each message the mail server received, as its envelope recipients and its raw text. */
function received(): { to: string; raw: string }[] {
  if (!fs.existsSync(sinkDir)) return [];
  return fs
    .readdirSync(sinkDir)
    .sort()
    .map((name) => fs.readFileSync(path.join(sinkDir, name), "latin1"))
    .map((raw) => ({ to: /^X-Envelope-To: (.*)\r\n/.exec(raw)?.[1] ?? "", raw }));
}
/** A header of a raw message, its folded lines joined. */
function header(raw: string, name: string): string | undefined {
  const head = raw.split(/\r\n\r\n/)[0]!.replace(/\r\n[ \t]+/g, " ");
  return new RegExp(`^${name}: (.*)$`, "im").exec(head)?.[1];
}

test("a sales person replies to an enquiry from a template in their own words; one threaded message reaches the submitter and the history shows it", async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const email = `riley.replyclient.${Date.now()}@example.com`;
  await enquire(request, { firstName: "Riley", lastName: "Replyclient", email });
  // The confirmation Riley received: its Message-ID is the thread the reply joins (issue 44).
  const isConfirmation = (m: { to: string; raw: string }) =>
    m.to === email && header(m.raw, "Subject") === "We received your enquiry";
  await expect.poll(() => received().filter(isConfirmation).length).toBe(1);
  const threadId = header(received().find(isConfirmation)!.raw, "Message-ID")!;
  expect(threadId).toMatch(/^<.+@.+>$/);

  const context = await browser.newContext();
  const { page } = await signedIn(context, "sales", "Reply Sender");
  await page.getByLabel("Search").fill(email);
  await page.getByRole("button", { name: "Apply filters" }).click();
  await page.getByRole("link", { name: "Riley Replyclient" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Enquiry from Riley Replyclient" })).toBeVisible();

  const box = page.getByRole("region", { name: "Reply to Riley Replyclient" });
  await expect(box.getByRole("link", { name: "E-mail from your own program" })).toHaveAttribute(
    "href",
    `mailto:${email}`,
  );
  await expect(box.getByRole("link", { name: "Call +14155550142" })).toHaveAttribute("href", "tel:+14155550142");

  await box.getByLabel("Start from").selectOption({ label: "Thanks, let's book a call" });
  await expect(box.getByLabel("Subject")).toHaveValue("Re: We received your enquiry");
  const subject = await box.getByLabel("Subject").inputValue();
  const text = box.getByLabel("Text");
  await expect(text).toHaveValue(/^Dear Riley,/);
  const own = "I have read about your billing platform and can talk on Tuesday or Thursday afternoon.";
  await text.fill((await text.inputValue()).replace("Could you reply", `${own}\n\nCould you reply`));
  await box.getByRole("button", { name: "Preview the reply" }).click();
  // The preview takes the focus, so a keyboard or screen reader user lands on what appeared.
  await expect(box.getByRole("heading", { name: "Preview" })).toBeFocused();
  const preview = box.getByRole("group", { name: "Preview" });
  await expect(preview).toContainText(`To: ${email}`);
  await expect(preview).toContainText(own);
  for (const width of [375, 1280]) await check(page, "reply-box", width);

  await box.getByRole("button", { name: "Send reply" }).click();
  await expect(box.getByRole("status")).toContainText(`Reply queued for ${email}`);
  await expect(box.getByRole("status")).toBeFocused();
  await expect(page.getByLabel("Status")).toHaveValue("answered");

  // Exactly one reply reaches the mail server (beside the site's confirmation): to the submitter
  // alone, from the person, in the thread of the confirmation.
  const replies = () => received().filter((m) => header(m.raw, "Subject") === subject);
  expect(subject).toBe("Re: We received your enquiry");
  await expect.poll(() => replies().length, { timeout: 15_000 }).toBe(1);
  const [{ to, raw: reply }] = replies() as [{ to: string; raw: string }];
  expect(to).toBe(email);
  expect(header(reply, "To")).toBe(email);
  expect(header(reply, "From")).toMatch(/^Reply Sender at Altiva Cloud </);
  expect(header(reply, "In-Reply-To")).toBe(threadId);
  expect(header(reply, "References")).toBe(threadId);
  expect(reply.replace(/=\r\n/g, "")).toContain("Tuesday or Thursday afternoon");

  // The history, once the outbox has recorded the delivery; the status stays "answered".
  const history = page.getByRole("list", { name: "Replies sent" });
  await expect(async () => {
    await page.reload();
    await expect(history).toContainText("delivered to the mail server", { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await expect(history).toContainText(`“Thanks, let's book a call” reply to ${email}, sent by Reply Sender`);
  await expect(page.getByLabel("Status")).toHaveValue("answered");
  await history.getByText("What was sent").click();
  await expect(history).toContainText(own);
  for (const width of [375, 1280]) await check(page, "reply-history", width);

  // Riley answers; the mail provider posts the answer, signed, to the server (decision 058), and
  // it shows on the enquiry's page as text.
  const replyTo = header(reply, "Reply-To")!;
  expect(replyTo).toMatch(/^reply\+[0-9a-f]{32}@altivacloud\.com$/);
  const answer = [
    `From: Riley Replyclient <${email}>`,
    `To: ${replyTo}`,
    "Subject: Re: We received your enquiry",
    `Message-ID: <riley-${Date.now()}@example.com>`,
    `In-Reply-To: ${header(reply, "Message-ID")}`,
    "Content-Type: text/html; charset=utf-8",
    "",
    "<p>Thursday at <b>three</b> works.</p><script>document.title='x'</script>",
  ].join("\r\n");
  const timestamp = String(Math.floor(Date.now() / 1000));
  const token = crypto.randomBytes(25).toString("hex");
  const signature = crypto
    .createHmac("sha256", mailgunKey)
    .update(timestamp + token)
    .digest("hex");
  const posted = await request.post("/api/inbound/mailgun/mime", {
    multipart: { timestamp, token, signature, "body-mime": answer },
  });
  expect(posted.status()).toBe(200);
  await page.reload();
  const answers = page.getByRole("list", { name: "Their answers" });
  await expect(answers).toContainText("Thursday at three works.");
  await expect(answers).toContainText(`from ${email}`);
  for (const width of [375, 1280]) await check(page, "reply-answers", width);
  await context.close();
});

test("an administrator adds a reply template on the E-mail templates page, and an unknown field is refused by name", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const context = await browser.newContext();
  const { page } = await signedIn(context, "admin", "Reply Templater");
  await page.getByRole("link", { name: "E-mail templates" }).click();
  const replies = page.getByRole("region", { name: "Replies to enquiries and feedback" });
  await expect(replies.getByRole("region", { name: "Feedback received" })).toBeVisible();
  await replies.getByRole("button", { name: "Add a reply template" }).click();
  const added = replies.getByRole("region", { name: "New reply template" });
  const name = `Pricing sent ${Date.now()}`;
  await added.getByLabel("Name").fill(name);
  await added.getByLabel("Subject").fill("Our prices for {{reference}}");
  await added.getByLabel("Text").fill("Dear {{firstName}},\n\nOur price list is attached to {{offer}}.");
  await added.getByRole("button", { name: "Add the template" }).click();
  await expect(added.getByRole("status")).toContainText("Unknown field {{offer}}");
  await added.getByLabel("Text").fill("Dear {{firstName}},\n\nOur day rates for cloud migrations start at EUR 950.");
  await expect(added.getByRole("group", { name: "Preview with sample values" })).toContainText("Dear Maria,");
  await added.getByRole("button", { name: "Add the template" }).click();
  await expect(page.locator(".reply-templates-notice")).toContainText(`“${name}” is added`);
  await expect(replies.getByRole("region", { name })).toBeVisible();
  for (const width of [375, 1280]) await check(page, "reply-templates", width);
  await context.close();
});
