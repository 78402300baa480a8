// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { emptyDraft, type RoleDraft } from "./role-form";
import type { Errors } from "./RoleField";
import { RoleFields } from "./RoleFields";

afterEach(cleanup);

/** The fields as the editor holds them: the draft in state, changed by the fields themselves. */
function Editor(props: { errors?: Errors; published?: boolean; start?: Partial<RoleDraft> }) {
  const [draft, setDraft] = useState<RoleDraft>({ ...emptyDraft(new Date("2027-03-01T09:00:00Z")), ...props.start });
  return (
    <RoleFields
      draft={draft}
      onDraft={setDraft}
      errors={props.errors ?? {}}
      positions={["Backend engineer", "Data engineer"]}
      published={props.published ?? false}
      siteUrl="https://www.altivacloud.com"
    />
  );
}

describe("the role editor's fields", () => {
  it("keeps the offices in the order they were ticked, the first naming the address", async () => {
    const user = userEvent.setup();
    render(<Editor />);
    await user.type(screen.getByLabelText("Title"), "Site reliability engineer");
    await user.click(screen.getByLabelText("Sydney"));
    await user.click(screen.getByLabelText("London"));
    expect(screen.getByText(/^On the site in the order ticked/).textContent).toBe(
      "On the site in the order ticked: Sydney, London. The first names the address.",
    );
    expect(screen.getByText(/^Leave empty for/).textContent).toBe(
      "Leave empty for /career/site-reliability-engineer-sydney, made from the title and first office.",
    );
    // Unticking the first makes the next one first.
    await user.click(screen.getByLabelText("Sydney"));
    expect(screen.getByText(/^Leave empty for/).textContent).toContain("-london,");
  });

  it("marks a field the server refused and ties its message to it", () => {
    render(<Editor errors={{ "salary.max": "The top of the range is below its bottom." }} />);
    const to = screen.getByLabelText("To");
    expect(to.getAttribute("aria-invalid")).toBe("true");
    expect(to.getAttribute("aria-describedby")).toBe("r-error-salary-max");
    expect(document.getElementById("r-error-salary-max")?.textContent).toBe(
      "The top of the range is below its bottom.",
    );
    const from = screen.getByLabelText("From");
    expect(from.getAttribute("aria-invalid")).toBeNull();
    // A field with a hint keeps it, before the message.
    render(<Editor errors={{ slug: "Taken by another role." }} />);
    expect(screen.getAllByLabelText("Address").at(-1)?.getAttribute("aria-describedby")).toBe(
      "r-slug-hint r-error-slug",
    );
  });

  it("fixes the address once the role is published", () => {
    render(<Editor published start={{ slug: "data-engineer-london" }} />);
    const address = screen.getByLabelText("Address");
    expect(address.hasAttribute("readonly")).toBe(true);
    expect(screen.getByText(/^Fixed since the role was published/)).toBeTruthy();
  });

  it("preview the page as a search result: its address, title and the description the site derives, with counters", async () => {
    const user = userEvent.setup();
    render(<Editor />);
    const preview = screen.getByRole("figure", { name: "As a search result" });
    await user.type(screen.getByLabelText("Title"), "Platform engineer");
    await user.click(screen.getByLabelText("London"));
    await user.click(screen.getByLabelText("Description"));
    await user.paste(
      "Read about our [engineering culture](https://www.altivacloud.com/about).\n\nYou will run Kubernetes platforms for banks. See [the team](/team).",
    );
    const lines = [...preview.querySelectorAll("p")].map((p) => p.textContent);
    expect(lines).toEqual([
      "altivacloud.com › career › platform-engineer-london",
      "Platform engineer, London | Altiva Cloud",
      "You will run Kubernetes platforms for banks.",
    ]);
    expect(screen.getByText(/^Page title:/).textContent).toBe("Page title: 40 of up to 60 characters.");
    const counted = screen.getByText(/^Description:/);
    expect(counted.textContent).toBe("Description: 44 of 50-160 characters: 6 more needed.");
    expect(counted.className).toBe("seo-count error");
  });

  it("show the title and offices the page falls back to when every sentence holds a link", async () => {
    const user = userEvent.setup();
    render(
      <Editor start={{ title: "Data engineer", offices: ["Sydney"], description: "See [our culture](/about)." }} />,
    );
    const preview = screen.getByRole("figure", { name: "As a search result" });
    expect(preview.querySelectorAll("p")[2]!.textContent).toBe("Data engineer at Altiva Cloud, Sydney.");
    expect(screen.getByText(/^No sentence of the description/)).toBeTruthy();
    await user.click(screen.getByLabelText("Description"));
    await user.keyboard("{Control>}a{/Control}");
    await user.paste("You will build the data platform our customers' reports are made from, in Python and SQL.");
    expect(preview.querySelectorAll("p")[2]!.textContent).toBe(
      "You will build the data platform our customers' reports are made from, in Python and SQL.",
    );
  });
});
