// @vitest-environment happy-dom
import type { SeoFieldsDraft } from "@contracts/content/seo";
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { SeoFields, type SeoFieldsProps } from "./SeoFields";

afterEach(cleanup);

const url = "https://www.altivacloud.com/case-studies/cloud-migration";

function Harness(props: Partial<SeoFieldsProps> & { initial?: SeoFieldsDraft }) {
  const [value, setValue] = useState<SeoFieldsDraft>(
    props.initial ?? { title: "", description: "", sharePicture: null },
  );
  return <SeoFields value={value} onChange={setValue} url={url} siteName="Altiva Cloud" {...props} />;
}

const field = (name: string) => screen.getByRole("textbox", { name }) as HTMLInputElement;
const describedBy = (el: HTMLElement) =>
  (el.getAttribute("aria-describedby") ?? "")
    .split(" ")
    .map((id) => document.getElementById(id)?.textContent)
    .join(" | ");

describe("the SEO fields", () => {
  it("count the title as it is typed and mark it invalid past 60 characters", async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const title = field("Search title");
    expect(describedBy(title)).toMatch(/^0 of up to 60 characters: needed before publishing/);
    await user.type(title, "Cloud migration for a logistics group");
    expect(describedBy(title)).toMatch(/^37 of up to 60 characters \|/);
    expect(title.getAttribute("aria-invalid")).toBeNull();
    await user.type(title, " in eight weeks with 11 minutes downtime");
    expect(describedBy(title)).toMatch(/^77 of up to 60 characters: 17 too many/);
    expect(title.getAttribute("aria-invalid")).toBe("true");
  });

  it("hold the description to the site's 50-160 characters", async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const description = field("Search description");
    await user.type(description, "We moved a logistics platform to AWS.");
    expect(describedBy(description)).toMatch(/^37 of 50-160 characters: 13 more needed/);
    expect(description.getAttribute("aria-invalid")).toBe("true");
    await user.type(description, " Eight weeks, 11 minutes of downtime and 40% lower costs.");
    expect(describedBy(description)).toMatch(/^94 of 50-160 characters \|/);
    expect(description.getAttribute("aria-invalid")).toBeNull();
  });

  it("preview the result with the address, the site's title and the description, cut where a result cuts", async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const preview = screen.getByRole("figure", { name: "As a search result" });
    expect(preview.textContent).toContain("No description: the search engine will pick words from the page itself.");
    await user.click(field("Search title"));
    await user.paste("Moving a logistics platform to AWS with 40% lower infrastructure costs");
    await user.click(field("Search description"));
    await user.paste("An ageing data centre. ".repeat(8));
    const lines = [...preview.querySelectorAll("p")].map((p) => p.textContent);
    expect(lines[0]).toBe("altivacloud.com › case-studies › cloud-migration");
    expect(lines[1]).toBe("Moving a logistics platform to AWS with 40% lower…");
    expect(lines[2]!.length).toBeLessThanOrEqual(160);
    // 184 characters: the cut falls inside the seventh "centre", which goes whole.
    expect(lines[2]).toBe(`${"An ageing data centre. ".repeat(6)}An ageing data…`);
  });

  it("take a share picture from the picker and go back to the drawn one", async () => {
    const user = userEvent.setup();
    render(
      <Harness
        onPickSharePicture={async () => ({ imageId: "racks", alt: "Racks of servers in a cloud region" })}
        renderSharePicture={(id, alt) => <img src={`/admin/api/content/images/${id}/preview.webp`} alt={alt} />}
      />,
    );
    expect(screen.getByText(/None chosen/)).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Choose a share picture" }));
    expect(screen.getByRole("img", { name: "Racks of servers in a cloud region" })).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Use the drawn picture instead" }));
    expect(screen.queryByRole("img")).toBeNull();
    expect(screen.getByText(/None chosen/)).toBeTruthy();
  });
});
