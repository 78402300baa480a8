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
});
