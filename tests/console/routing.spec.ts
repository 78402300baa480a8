/**
 * Alerts where the team works (issue 27), in Chromium against the real server: an administrator
 * adds a routing rule with a chat webhook (a local HTTP sink), an enquiry arrives, and the sink
 * receives one message with the kind, the number and a console link, none of the sender's details;
 * the page shows the webhook by its host only. With a message failed for good, the admin's banner
 * says so. Pages looked at 375 and 1280 px wide. Issue 44's pages, with axe in both schemes: a
 * rule whose webhook failed (its problem, Retry and Send a test), Your account with a signature,
 * and the Outbox's list of mail that matched no conversation.
 */
import http from "node:http";
import type net from "node:net";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { check, database, enquire as enquireAs, proofOfWork, signedIn } from "./helpers";

async function startSink() {
  const bodies: string[] = [];
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      bodies.push(body);
      res.writeHead(200).end("ok");
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const port = (server.address() as net.AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/services/T0ROUTING/B0/secret-${Date.now()}`,
    host: `127.0.0.1:${port}`,
    bodies,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** An enquiry through the public API with this reason (the helper's is shared by every spec). */
async function enquire(request: APIRequestContext, person: Record<string, string>) {
  const res = await request.post("/api/contact-us/create", {
    headers: { "X-Requested-With": "XMLHttpRequest" },
    data: { ...person, altcha: await proofOfWork(request), agree: true },
  });
  expect(res.status()).toBe(201);
}

test("an admin routes enquiries to a chat webhook; the message carries no personal data; failed mail shows a banner", async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const sink = await startSink();
  const stamp = Date.now();
  const context = await browser.newContext();
  const { page } = await signedIn(context, "admin", "Routing Admin");
  try {
    await page.getByRole("link", { name: "Alerts and routing" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Alerts and routing" })).toBeVisible();
    await page.getByRole("button", { name: "Add a rule" }).click();
    for (const width of [375, 1280]) await check(page, "routing-form", width);
    await page.getByLabel("Submissions of this kind").selectOption("contact");
    await page.getByLabel("Only when the reason contains (optional)").fill(`routing check ${stamp}`);
    await page.getByLabel("Post to the chat webhook").fill(sink.url);
    await page.getByLabel("Message format").selectOption("slack");
    await page.getByRole("button", { name: "Add the rule" }).click();
    await expect(page.getByRole("status").filter({ hasText: /Rule \d+ is added\./ })).toBeVisible();
    const rule = page.getByRole("listitem").filter({ hasText: `routing check ${stamp}` });
    await expect(rule).toContainText(`Slack message to ${sink.host}`);
    // The page never has the URL back: only its host.
    expect(await page.content()).not.toContain("secret-");
    for (const width of [375, 1280]) await check(page, "routing", width);

    const person = {
      firstName: "Rutger",
      lastName: `Routingsson${stamp}`,
      email: `rutger.${stamp}@fjordfreight-routing.example`,
      phone: "4155550163",
      reason: `Routing check ${stamp} for our fleet`,
      message: `Our fleet telemetry ${stamp} needs a new home.`,
    };
    await enquire(request, person);
    await expect.poll(() => sink.bodies.length, { timeout: 20_000 }).toBe(1);
    const body = sink.bodies[0]!;
    // The rule's own words (the admin's, not the visitor's) name why it was routed (decision 073).
    expect(JSON.parse(body).text).toMatch(
      new RegExp(
        `^New contact enquiry #\\d+ on the website, matching “routing check ${stamp}”\\. Open it in the staff console: http://localhost:\\d+/admin/submissions/\\d+$`,
      ),
    );
    for (const value of [
      person.firstName,
      person.lastName,
      person.email,
      "fjordfreight",
      person.phone,
      person.message,
      person.reason,
    ])
      expect(body).not.toContain(value);

    // A notification failed for good: the admin's banner says so on every page, with the way to the outbox.
    const db = database();
    const notification = () =>
      db
        .prepare(
          "select o.id, o.status from outbox o join submissions s on s.id = o.submission_id where s.email = ? and o.purpose = 'notify'",
        )
        .get(person.email) as { id: number; status: string };
    // Once the worker is done with it, so its own write cannot undo ours.
    await expect.poll(() => notification().status, { timeout: 20_000 }).toBe("sent");
    const row = notification();
    db.prepare("update outbox set status = 'failed' where id = ?").run(row.id);
    try {
      await page.reload();
      const banner = page.getByRole("complementary", { name: "Mail alert" });
      await expect(banner).toContainText(/\d+ messages? (has|have) failed for good/);
      for (const width of [375, 1280]) await check(page, "routing-banner", width);
      await banner.getByRole("link", { name: "Open the outbox" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Outbox" })).toBeVisible();
    } finally {
      // Later specs share this database: leave no failure behind.
      db.prepare("update outbox set status = 'sent' where id = ?").run(row.id);
      db.close();
    }

    await page.goto("/admin/routing");
    await rule.getByRole("button", { name: /^Delete rule/ }).click();
    // The second step takes the focus: the button pressed has gone.
    await expect(rule.getByRole("button", { name: /for good/ })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("status").filter({ hasText: /is deleted\./ })).toBeVisible();
    await expect(page.getByRole("listitem").filter({ hasText: `routing check ${stamp}` })).toHaveCount(0);
  } finally {
    await sink.close();
    await context.close();
  }
});

/** axe and a screenshot at 375 and 1280 px, light and dark (the page left light). */
async function lookedAt(page: Page, name: string) {
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const width of [375, 1280]) await check(page, `${name}-${scheme}`, width);
  }
  await page.emulateMedia({ colorScheme: "light" });
}

test("issue 44's admin pages pass axe at 375 and 1280 px in both schemes: a failed webhook, Your account, unmatched mail", async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const email = `axe.${stamp}@harbourline-routing.example`;
  await enquireAs(request, { firstName: "Ines", lastName: `Axe${stamp}`, email });
  const context = await browser.newContext();
  const { page } = await signedIn(context, "admin", "Axe Admin");
  const db = database();
  let ruleId = 0;
  try {
    await page.getByRole("link", { name: "Your account" }).click();
    await page
      .getByRole("textbox", { name: "Signature" })
      .fill("Axe Admin\nSolutions engineer, Altiva Cloud\n+44 20 7946 0958");
    await page.getByRole("button", { name: "Save the signature" }).click();
    await expect(page.getByRole("status").filter({ hasText: /saved/i })).toBeVisible();
    await lookedAt(page, "account");

    // A rule whose webhook failed, with one message parked for Retry (as the worker leaves them).
    await page.getByRole("link", { name: "Alerts and routing" }).click();
    await page.getByRole("button", { name: "Add a rule" }).click();
    await page.getByLabel("Submissions of this kind").selectOption("contact");
    await page.getByLabel("Only when the reason contains (optional)").fill(`axe check ${stamp}`);
    await page.getByLabel("Post to the chat webhook").fill(`http://127.0.0.1:9/hooks/axe-${stamp}`);
    await page.getByRole("button", { name: "Add the rule" }).click();
    const added = page.getByRole("status").filter({ hasText: /Rule \d+ is added\./ });
    ruleId = Number(/Rule (\d+)/.exec((await added.textContent())!)![1]);
    const { id: submissionId } = db.prepare("select id from submissions where email = ?").get(email) as { id: number };
    const at = new Date().toISOString();
    db.prepare("update routing_rules set webhook_failed_at = ?, webhook_problem = ? where id = ?").run(
      at,
      "nothing listens at 127.0.0.1:9 (connection refused)",
      ruleId,
    );
    db.prepare(
      `insert into outbox (submission_id, channel, purpose, recipient, status, attempts, next_attempt_at, last_error,
         message_id, created_at)
       values (?, 'webhook', 'routed', ?, 'failed', 8, ?, 'connect ECONNREFUSED', ?, ?)`,
    ).run(submissionId, `rule:${ruleId}`, at, `<axe-${stamp}@altivacloud.com>`, at);
    // A reply that matched no conversation, as the inbound side lists it.
    db.prepare(
      "insert into unmatched_mail (received_at, reason, via, sender_domain, submission_id) values (?, 'unknown token', 'imap', 'harbourline-routing.example', null)",
    ).run(at);

    await page.reload();
    const rule = page.getByRole("listitem").filter({ hasText: `axe check ${stamp}` });
    await expect(rule).toContainText("connection refused");
    await expect(rule.getByRole("button", { name: `Retry rule ${ruleId}'s failed messages` })).toBeVisible();
    await expect(rule.getByRole("button", { name: `Send a test to rule ${ruleId}'s webhook` })).toBeVisible();
    await lookedAt(page, "routing-failure");

    await page.goto("/admin/outbox");
    const unmatched = page.getByRole("region", { name: "Mail that matched no conversation" });
    await expect(unmatched).toContainText("harbourline-routing.example");
    await lookedAt(page, "outbox-unmatched");
  } finally {
    // Later specs share this database: no failure, rule or unmatched line left behind.
    db.prepare("delete from outbox where recipient = ?").run(`rule:${ruleId}`);
    db.prepare("delete from routing_rules where id = ?").run(ruleId);
    db.prepare("delete from unmatched_mail where sender_domain = 'harbourline-routing.example'").run();
    db.close();
    await context.close();
  }
});
