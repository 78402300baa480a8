import { describe, expect, it } from "vitest";
import { withoutClosedPopovers } from "./closed-popovers";

const menu =
  '<ul id="m" class="dropdown-menu" popover="auto"><li><a class="dropdown-item" href="/a">A</a><ul><li>Nested list</li></ul></li></ul>';
const dialog =
  '<dialog id="d" class="mobile-menu" popover="auto"><button class="btn-close"></button><div popover="auto"><ul><li>Inner</li></ul></div></dialog>';
const page = `<html><head></head><body><header><button popovertarget="m">Open</button>${menu}${dialog}</header><main><ul class="list"><li>Kept</li></ul></main></body></html>`;

describe("withoutClosedPopovers", () => {
  it("takes out each popover list whole, nested lists included, and leaves the rest", () => {
    const { html } = withoutClosedPopovers(page);
    expect(html).not.toContain("dropdown-item");
    expect(html).not.toContain("Nested list");
    expect(html).not.toContain("Inner");
    expect(html).toContain('<button popovertarget="m">Open</button>');
    expect(html).toContain('<main><ul class="list"><li>Kept</li></ul></main>');
    expect(html.match(/data-popover-hole/g)).toHaveLength(2);
  });

  it("keeps the menu dialog, which a phone may open before the full stylesheet arrives", () => {
    const { html } = withoutClosedPopovers(page);
    expect(html).toContain('<dialog id="d" class="mobile-menu" popover="auto"><button class="btn-close"></button>');
  });

  it("puts them back exactly where they were, through a change elsewhere in the page", () => {
    const { html, restore } = withoutClosedPopovers(page);
    const processed = html.replace("<head></head>", "<head><style>main{color:red}</style></head>");
    expect(restore(processed)).toBe(page.replace("<head></head>", "<head><style>main{color:red}</style></head>"));
  });

  it("refuses to lose a popover, or to cut one that is never closed", () => {
    const { html, restore } = withoutClosedPopovers(page);
    expect(() => restore(html.replace(/<template data-popover-hole="1"><\/template>/, ""))).toThrow(
      /2 popovers taken out, 1 put back/,
    );
    expect(() => withoutClosedPopovers('<body><ul popover="auto"><li>Open</li></body>')).toThrow(/never closed/);
  });
});
