/**
 * Decisions reach the candidate (issue 26), in Chromium against the real server and a real SMTP
 * server (smtp-sink.ts): HR moves an application to "not selected", types a personal line, reads
 * the preview and presses Send; the mail server receives one message with those words; the
 * application's history shows it delivered. An administrator edits the template, and HR's next
 * preview uses it. Every page looked at 375 and 1280 px wide, light and dark.
 */
import fs from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { apply, check, signedIn } from "./helpers";

const sinkDir = process.env.SMTP_SINK_DIR!;

/** The messages the mail server received for this address, as raw text with quoted-printable undone. */
function mailsTo(email: string): string[] {
  if (!fs.existsSync(sinkDir)) return [];
  return fs
    .readdirSync(sinkDir)
    .sort()
    .map((name) => fs.readFileSync(path.join(sinkDir, name)))
    .filter((raw) => raw.toString("latin1").startsWith(`X-Envelope-To: ${email}\r\n`))
    .map((raw) =>
      Buffer.from(
        raw
          .toString("latin1")
          .replace(/=\r?\n/g, "")
          .replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
        "latin1",
      ).toString("utf8"),
    );
}

async function looks(page: Page, name: string) {
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const width of [375, 1280]) await check(page, `${name}-${scheme}`, width);
  }
  await page.emulateMedia({ colorScheme: "light" });
}

test("HR sends a 'not selected' e-mail with a personal line; one message arrives and the history shows it; an administrator's template edit is used next", async ({
  browser,
  request,
}) => {
  // Three pages looked at in four ways each (a screenshot and axe every time) on a shared machine.
  test.setTimeout(180_000);
  const stamp = Date.now();
  const email = `zoe.okafor.${stamp}@example.com`;
  const number = await apply(request, { firstName: "Zoë", lastName: "Okafor", email });
  const context = await browser.newContext();
  const { page } = await signedIn(context, "hr", "Hana Reyes");

  await page.getByLabel("Search").fill(number);
  await page.getByRole("button", { name: "Apply filters" }).click();
  await page.getByRole("row").filter({ hasText: number }).getByRole("link").click();
  await expect(page.getByRole("heading", { level: 1, name: `Application ${number}` })).toBeVisible();
  // Nothing is offered before the decision.
  await expect(page.getByRole("heading", { name: "Decision e-mail" })).toHaveCount(0);

  await page.getByLabel("Status").selectOption("not selected");
  await page.getByRole("button", { name: "Save status" }).click();
  await expect(page.getByText("Status saved: not selected.")).toBeVisible();
  const offer = page.getByRole("region", { name: "Decision e-mail" });
  const preview = offer.getByRole("group", { name: "Preview" });
  await expect(preview).toContainText(`To: ${email}`);
  await expect(preview).toContainText(`Subject: Your application ${number}`);
  await expect(preview).toContainText("Dear Zoë,");
  // The status change alone sent nothing.
  expect(mailsTo(email).filter((m) => m.includes("Dear Zo"))).toEqual([]);

  const line = "Thank you for the thoughtful answers about on-call rotas; we hope to hear from you again.";
  await offer.getByLabel("Personal line (optional)").fill(line);
  await expect(preview).toContainText(line);
  await expect(offer.getByText(`Goes to ${email}`)).toBeVisible();
  await looks(page, "decision-mail");

  await offer.getByRole("button", { name: "Send e-mail" }).click();
  await expect(offer.getByRole("status")).toContainText(`E-mail queued for ${email}`);

  // The mail server receives exactly one decision e-mail, with the words of the preview.
  await expect.poll(() => mailsTo(email).filter((m) => m.includes(line)).length, { timeout: 15_000 }).toBe(1);
  const mail = mailsTo(email).find((m) => m.includes(line))!;
  expect(mail).toContain(`Subject: Your application ${number}`);
  expect(mail).toContain("Dear Zoë,");
  expect(mail).toContain("Thank you for applying for Backend Developer");

  // The history, once the outbox has recorded the delivery.
  const history = page.getByRole("list", { name: "Decision e-mails sent" });
  await expect(async () => {
    await page.reload();
    await expect(history).toContainText("delivered to the mail server", { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await expect(history).toContainText(`“not selected” e-mail to ${email}, sent by Hana Reyes`);
  await history.getByText("What was sent").click();
  await expect(history).toContainText(line);
  // A second e-mail for the same decision only when asked for by name.
  await expect(offer.getByRole("button", { name: "Send again" })).toBeVisible();
  await looks(page, "decision-history");

  // An administrator edits the template; HR's next preview uses it.
  const adminContext = await browser.newContext();
  const admin = await signedIn(adminContext, "admin", "Ines Admin");
  await admin.page.getByRole("link", { name: "E-mail templates" }).click();
  await expect(admin.page.getByRole("heading", { level: 1, name: "E-mail templates" })).toBeVisible();
  const template = admin.page.getByRole("region", { name: "Not selected" });
  const text = template.getByLabel("Text");
  const added = `We keep a list of roles opening next quarter at altivacloud.com/career (${stamp}).`;
  await text.fill((await text.inputValue()).replace("{{personalLine}}", `{{personalLine}}\n\n${added}`));
  await expect(template.getByRole("group", { name: "Preview with sample values" })).toContainText(added);
  await template.getByRole("button", { name: "Save the “not selected” e-mail" }).click();
  await expect(template.getByRole("status")).toContainText("is saved");
  await looks(admin.page, "templates");

  // An unknown field is refused, by name.
  await text.fill(`${await text.inputValue()}\n\nSalary: {{salary}}`);
  await template.getByRole("button", { name: "Save the “not selected” e-mail" }).click();
  await expect(template.getByRole("status")).toContainText("Unknown field {{salary}}");
  await adminContext.close();

  await page.reload();
  await expect(page.getByRole("group", { name: "Preview" })).toContainText(added);
  await context.close();
});
