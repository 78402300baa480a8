// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { appliedFilters, type Filters } from "../features/inbox/inbox-filters";
import { ChoiceFilter, FilterActions } from "./filter-fields";

afterEach(cleanup);

const none: Filters = { kind: "", status: "", from: "", to: "", q: "", role: "", position: "", domain: "", view: "" };

/** A role filter as the inbox shows it, with what Apply and Clear leave behind. */
function RoleFilter(props: { start: string; roles: [string, string][] }) {
  const [draft, setDraft] = useState(props.start);
  const [applied, setApplied] = useState(props.start);
  return (
    <form
      aria-label="Filter submissions"
      onSubmit={(e) => {
        e.preventDefault();
        setApplied(draft);
      }}
    >
      <ChoiceFilter
        id="f-role"
        label="Role"
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
        any="Any role"
        first={[["_none", "Sent without a role"]]}
        options={props.roles}
        keepUnknown
      />
      <FilterActions
        onClear={() => {
          setDraft("");
          setApplied("");
        }}
      />
      <output>{applied || "(any)"}</output>
    </form>
  );
}

describe("the inbox's filters", () => {
  it("keep a role asked for by the address chosen before the roles' list has come", () => {
    render(<RoleFilter start="data-engineer-london" roles={[]} />);
    const role = screen.getByLabelText<HTMLSelectElement>("Role");
    expect(role.value).toBe("data-engineer-london");
    expect([...role.options].map((o) => o.text)).toEqual(["Any role", "Sent without a role", "data-engineer-london"]);
  });

  it("offer the roles once known, without the address's value twice", () => {
    render(<RoleFilter start="data-engineer-london" roles={[["data-engineer-london", "Data engineer, London"]]} />);
    const role = screen.getByLabelText<HTMLSelectElement>("Role");
    expect([...role.options].map((o) => o.text)).toEqual(["Any role", "Sent without a role", "Data engineer, London"]);
    expect(role.value).toBe("data-engineer-london");
  });

  it("apply what was chosen and clear back to any", async () => {
    const user = userEvent.setup();
    render(<RoleFilter start="" roles={[["sre-sydney", "Site reliability engineer, Sydney"]]} />);
    await user.selectOptions(screen.getByLabelText("Role"), "Sent without a role");
    expect(screen.getByRole("status").textContent).toBe("(any)");
    await user.click(screen.getByRole("button", { name: "Apply filters" }));
    expect(screen.getByRole("status").textContent).toBe("_none");
    await user.click(screen.getByRole("button", { name: "Clear" }));
    expect(screen.getByRole("status").textContent).toBe("(any)");
    expect(screen.getByLabelText<HTMLSelectElement>("Role").value).toBe("");
  });

  it("count the form's filters that differ from the person's defaults, not the view or a chosen domain", () => {
    expect(appliedFilters(none, none)).toBe(0);
    expect(appliedFilters({ ...none, kind: "application", q: "Li", view: "mine", domain: "example.com" }, none)).toBe(
      2,
    );
    // A sales person's default kind is no filter of theirs.
    expect(appliedFilters({ ...none, kind: "contact" }, { ...none, kind: "contact" })).toBe(0);
  });
});
