// @vitest-environment happy-dom
import type { RoutingAnswer, RoutingRuleAnswer } from "@contracts/console-answers";
import { cleanup, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { openPage } from "../../test-support/open-page";
import { serverAnswers } from "../../test-support/server-answers";
import { RoutingPage, routingLoader } from "./RoutingPage";

const openRouting = () =>
  openPage({ path: "/routing", address: "/routing", load: routingLoader, element: <RoutingPage /> });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const saved: RoutingRuleAnswer = {
  id: 3,
  kind: "contact",
  reason: "migration",
  position: null,
  messageWords: null,
  email: null,
  webhookHost: "hooks.slack.com",
  webhookFormat: "slack",
  systemAlerts: false,
  paused: false,
  webhookFailure: null,
  updated_at: "2027-03-01T09:30:00.000Z",
};
const routing: RoutingAnswer = { rules: [saved], keyConfigured: true, positions: ["Backend engineer"] };

const answers = {
  "GET routing": () => routing,
  "POST routing": (body: unknown) => ({ ...saved, ...(body as object), id: 4 }),
  "POST routing/3": (body: unknown) => ({ ...saved, ...(body as object) }),
};

describe("the routing rules", () => {
  it("send a reason only for enquiries and a position only for applications", async () => {
    const api = serverAnswers(answers);
    const user = userEvent.setup();
    openRouting();
    await user.click(await screen.findByRole("button", { name: "Add a rule" }));
    await user.type(screen.getByLabelText("Only when the reason contains (optional)"), "pricing");
    // The reason typed for an enquiry does not travel with an application's rule.
    await user.selectOptions(screen.getByLabelText("Submissions of this kind"), "Application");
    await user.selectOptions(screen.getByLabelText("Only for the position (optional)"), "Backend engineer");
    await user.type(screen.getByLabelText("Only when the message has these words (optional)"), "kubernetes");
    await user.type(screen.getByLabelText("Send an e-mail to"), "hiring-alerts@altivacloud.com");
    await user.click(screen.getByRole("button", { name: "Add the rule" }));
    const [posted] = api.posted("routing");
    expect(posted?.body).toMatchObject({
      kind: "application",
      reason: null,
      position: "Backend engineer",
      messageWords: "kubernetes",
      email: "hiring-alerts@altivacloud.com",
      webhookUrl: "",
    });
    expect((await screen.findByText("Rule 4 is added.")).textContent).toBe("Rule 4 is added.");
  });

  it("keep a saved webhook when a rule is changed without typing a new one", async () => {
    const api = serverAnswers(answers);
    const user = userEvent.setup();
    openRouting();
    await user.click(await screen.findByRole("button", { name: "Change rule 3" }));
    await user.type(screen.getByLabelText("Send an e-mail to"), "sales-leads@altivacloud.com");
    await user.click(screen.getByRole("button", { name: "Save the rule" }));
    const [posted] = api.posted("routing/3");
    expect(posted?.body).toMatchObject({ kind: "contact", reason: "migration", email: "sales-leads@altivacloud.com" });
    expect(posted?.body).not.toHaveProperty("webhookUrl");
  });

  it("load again after a change, so the list shows the rule as the server keeps it", async () => {
    let paused = false;
    const api = serverAnswers({
      "GET routing": () => ({ ...routing, rules: [{ ...saved, paused }] }),
      "POST routing/3/pause": () => {
        paused = true;
        return {};
      },
    });
    const user = userEvent.setup();
    openRouting();
    await user.click(await screen.findByRole("button", { name: "Pause rule 3" }));
    expect(await screen.findByText("Rule 3 is paused.")).toBeTruthy();
    expect(await screen.findByRole("button", { name: "Resume rule 3" })).toBeTruthy();
    expect(api.sent.map((s) => `${s.method} ${s.path}`)).toEqual([
      "GET routing",
      "POST routing/3/pause",
      "GET routing",
    ]);
  });

  it("show a webhook's failure on its rule, retry it, and say a test's outcome", async () => {
    const failure = {
      at: "2027-03-02T08:15:00.000Z",
      problem: "the service had a fault on its side (HTTP 500)",
      failedMessages: 2,
      testPassedAt: null,
    };
    const api = serverAnswers({
      "GET routing": () => ({ ...routing, rules: [{ ...saved, webhookFailure: failure }] }),
      "POST routing/3/retry": () => ({ queued: 2 }),
      "POST routing/3/test": () => ({
        delivered: false,
        problem: "no answer from hooks.slack.com within 10 seconds (timeout)",
      }),
    });
    const user = userEvent.setup();
    openRouting();
    expect((await screen.findByText(/The webhook failed/)).textContent).toMatch(
      /: the service had a fault on its side \(HTTP 500\)\. 2 messages were not delivered\.$/,
    );
    await user.click(screen.getByRole("button", { name: "Retry rule 3's failed messages" }));
    expect(await screen.findByText("Rule 3: 2 messages queued again.")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Send a test to rule 3's webhook" }));
    expect(
      await screen.findByText(
        "Rule 3: the test message was not delivered: no answer from hooks.slack.com within 10 seconds (timeout).",
      ),
    ).toBeTruthy();
    expect(api.sent.map((s) => `${s.method} ${s.path}`)).toEqual([
      "GET routing",
      "POST routing/3/retry",
      "GET routing",
      "POST routing/3/test",
      "GET routing",
    ]);
  });

  it("say on a failed rule that a test reached its webhook afterwards, once one has", async () => {
    const failure = {
      at: "2027-03-02T08:15:00.000Z",
      problem: "the service had a fault on its side (HTTP 500)",
      failedMessages: 1,
      testPassedAt: null as string | null,
    };
    const api = serverAnswers({
      "GET routing": () => ({ ...routing, rules: [{ ...saved, webhookFailure: failure }] }),
      "POST routing/3/test": () => {
        failure.testPassedAt = "2027-03-02T09:40:00.000Z";
        return { delivered: true, problem: null };
      },
    });
    const user = userEvent.setup();
    openRouting();
    expect((await screen.findByText(/The webhook failed/)).className).toBe("error");
    await user.click(screen.getByRole("button", { name: "Send a test to rule 3's webhook" }));
    expect(await screen.findByText("Rule 3: the test message was delivered to hooks.slack.com.")).toBeTruthy();
    const note = await screen.findByText(/A test reached it/);
    expect(note.textContent).toMatch(
      /\(HTTP 500\)\. A test reached it .+, after that failure\. 1 message was not delivered: Retry sends them now\.$/,
    );
    expect(note.className).toBe("hint");
    expect(screen.getByRole("button", { name: "Retry rule 3's failed messages" })).toBeTruthy();
    expect(api.sent.map((s) => `${s.method} ${s.path}`)).toEqual(["GET routing", "POST routing/3/test", "GET routing"]);
  });

  it("leave a failed load to the router's error element, with Try again", async () => {
    serverAnswers({});
    openRouting();
    expect((await screen.findByRole("heading", { level: 1 })).textContent).toBe("This page could not be loaded");
    expect(screen.getByRole("button", { name: "Try again" })).toBeTruthy();
  });
});
