// @vitest-environment happy-dom
import { cleanup, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { openPage } from "../../test-support/open-page";
import { serverAnswers } from "../../test-support/server-answers";
import { AccountPage, accountLoader } from "./AccountPage";

const openAccount = () =>
  openPage({ path: "/account", address: "/account", load: accountLoader, element: <AccountPage /> });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const account = {
  name: "Sasha Signs",
  email: "sasha@altivacloud.com",
  roleLabel: "Sales",
  signature: null,
  answerNotice: false,
};

describe("the account page", () => {
  it("saves the person's signature and says what it is for", async () => {
    const api = serverAnswers({
      "GET account": () => account,
      "POST account/signature": (body: unknown) => ({ signature: (body as { signature: string }).signature }),
    });
    const user = userEvent.setup();
    openAccount();
    await user.type(await screen.findByLabelText("Signature"), "Sasha Signs{Enter}Account manager");
    await user.click(screen.getByRole("button", { name: "Save the signature" }));
    expect(api.posted("account/signature")[0]?.body).toEqual({ signature: "Sasha Signs\nAccount manager" });
    expect(
      await screen.findByText("Your signature is saved: your next replies and decision e-mails end with it."),
    ).toBeTruthy();
  });

  it("refuses a signature over eight lines before sending it", async () => {
    const api = serverAnswers({ "GET account": () => account });
    const user = userEvent.setup();
    openAccount();
    await user.type(await screen.findByLabelText("Signature"), "a{Enter}".repeat(9) + "a");
    await user.click(screen.getByRole("button", { name: "Save the signature" }));
    expect(await screen.findByText("Keep your signature to 8 lines.")).toBeTruthy();
    expect(api.posted("account/signature")).toEqual([]);
  });
});
