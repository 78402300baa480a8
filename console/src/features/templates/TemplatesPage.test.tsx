// @vitest-environment happy-dom
import type { DecisionTemplateAnswer } from "@contracts/console-answers";
import type { ReplyTemplateAnswer } from "@contracts/reply-answers";
import { cleanup, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { openPage } from "../../test-support/open-page";
import { serverAnswers } from "../../test-support/server-answers";
import type { Staff } from "../../api";
import { TemplatesPage, templatesLoader } from "./TemplatesPage";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const interview: DecisionTemplateAnswer = {
  status: "interview",
  subject: "Your application {{reference}}",
  body: "Dear {{firstName}},\n\n{{personalLine}}\n\nWe would like to meet you.",
  updated_at: "2027-03-01T09:30:00.000Z",
  updated_by: null,
};
const pricing: ReplyTemplateAnswer = {
  id: 5,
  name: "Pricing answer",
  kind: "contact",
  subject: "About your enquiry {{reference}}",
  body: "Dear {{firstName}},\n\nThank you for asking about pricing.",
  updated_at: "2027-03-01T09:30:00.000Z",
  updated_by: "Ana Admin <admin@altivacloud.com>",
};

const admin = { permissions: ["templates:edit", "decision-templates:edit"] } as unknown as Staff;
/** A recruiter: the decision e-mails are theirs (decision 071), sales's reply templates are not. */
const recruiter = { permissions: ["decisions:send", "decision-templates:edit"] } as unknown as Staff;

const openTemplates = (staff: Staff = admin) =>
  openPage({ path: "/templates", address: "/templates", staff, load: templatesLoader, element: <TemplatesPage /> });

describe("the e-mail templates page", () => {
  it("draws the decision and reply templates its loader brought, and a deleted reply template leaves the list", async () => {
    const api = serverAnswers({
      "GET decision-templates": () => [interview],
      "GET reply-templates": () => [pricing],
      "POST reply-templates/5/delete": () => ({}),
    });
    const user = userEvent.setup();
    openTemplates();
    expect(await screen.findByRole("heading", { name: "Interview" })).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Delete “Pricing answer”" }));
    await user.click(screen.getByRole("button", { name: "Delete the template" }));
    expect(await screen.findByText(/“Pricing answer” is deleted/)).toBeTruthy();
    expect(screen.queryByRole("heading", { name: "Pricing answer" })).toBeNull();
    expect(api.sent.filter((s) => s.method === "GET").map((s) => s.path)).toEqual([
      "decision-templates",
      "reply-templates",
    ]);
  });

  it("leaves a failed load of the reply templates to the router's error element, with Try again", async () => {
    serverAnswers({ "GET decision-templates": () => [interview] });
    openTemplates();
    expect((await screen.findByRole("heading", { level: 1 })).textContent).toBe("This page could not be loaded");
    expect(screen.getByRole("alert").textContent).toBe("No answer for reply-templates.");
    expect(screen.getByRole("button", { name: "Try again" })).toBeTruthy();
  });

  it("gives a recruiter the decision e-mails to edit and saves one, without asking for sales's reply templates", async () => {
    const offer: DecisionTemplateAnswer = { ...interview, status: "offer", subject: "An offer for {{role}}" };
    const api = serverAnswers({
      "GET decision-templates": () => [interview, offer],
      "POST decision-templates": (body) => ({
        ...offer,
        ...(body as object),
        updated_by: "Hana HR <hr@altivacloud.com>",
      }),
    });
    const user = userEvent.setup();
    openTemplates(recruiter);
    expect(await screen.findByRole("heading", { name: "Offer" })).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Save the “offer” e-mail" }));
    expect(await screen.findByText("The “offer” e-mail is saved. The next preview and Send use it.")).toBeTruthy();
    expect(screen.queryByRole("heading", { name: "Replies to enquiries and feedback" })).toBeNull();
    expect(api.sent.map((s) => `${s.method} ${s.path}`)).toEqual(["GET decision-templates", "POST decision-templates"]);
  });
});
