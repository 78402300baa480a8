// @vitest-environment happy-dom
import { cleanup, screen } from "@testing-library/react";
import { data } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { openPage } from "../test-support/open-page";
import { NotFoundPage, notInRole } from "./NotFoundPage";

afterEach(cleanup);

describe("a console address with no page for the person", () => {
  it("says only that there is no page when the address names none, without a word about roles", async () => {
    openPage({ path: "*", address: "/no-such-page", element: <NotFoundPage /> });
    const words = (await screen.findByText(/There is no console page at this address/)).textContent;
    expect(words).toBe("There is no console page at this address: check it for a typing mistake. Back to the start");
    expect(words).not.toMatch(/role/i);
  });
  it("says the page is not part of the role when the gate refused a page that exists", async () => {
    openPage({
      path: "/routing",
      address: "/routing",
      load: () => Promise.reject(data(notInRole, { status: 404 })),
      element: <p>never drawn</p>,
    });
    expect((await screen.findByRole("heading", { level: 1 })).textContent).toBe("Page not found");
    expect(screen.getByText(/This console page is not part of your role\./)).toBeTruthy();
  });
});
