/**
 * laterCss on small sheets of our own: the later sheet holds what the page's CSS with its forms'
 * code holds beyond the CSS without it, and repeats the inline rules it would otherwise overtake.
 */
import { describe, expect, it } from "vitest";
import { laterCss } from "./later-css";
import { pageElements } from "./page-elements";

describe("laterCss", () => {
  it("holds the rules and the declarations only the forms' code keeps, in the sheet's order", () => {
    const lean = ":root{--brand:blue}.btn{color:var(--brand)}";
    const full =
      ":root{--brand:blue;--danger:red}.btn{color:var(--brand)}.is-invalid{border-color:var(--danger)}" +
      "@media (prefers-reduced-motion:reduce){.is-invalid{transition:none}}";
    expect(laterCss(full, lean)).toBe(
      ":root{--danger:red}.is-invalid{border-color:var(--danger)}@media (prefers-reduced-motion:reduce){.is-invalid{transition:none}}",
    );
  });

  it("keeps only the selectors of a list the inline CSS does not have", () => {
    expect(laterCss("h5,.h4,h1{margin:0}", ".h4,h1{margin:0}")).toBe("h5{margin:0}");
  });

  it("reads every rule a selector heads in the inline CSS", () => {
    const lean = "[data-bs-theme=dark]{--a:1}[data-bs-theme=dark]{--b:2}";
    expect(laterCss("[data-bs-theme=dark]{--a:1}[data-bs-theme=dark]{--b:2}", lean)).toBe("");
  });

  it("repeats an inline rule that followed a later one with the same property and specificity", () => {
    // In the site's sheet `.field:focus` came after `.field.is-invalid` (both 0,2,0): a focused
    // invalid field took the focus colour. Without the repeat, the later sheet's rule would win.
    const lean = ".field{color:black}.field:focus{border-color:blue}";
    const full = ".field{color:black}.field.is-invalid{border-color:red}.field:focus{border-color:blue}";
    expect(laterCss(full, lean)).toBe(".field.is-invalid{border-color:red}.field:focus{border-color:blue}");
  });

  it("repeats the inline selectors of a list whose other selectors went later", () => {
    // The site's `.form-control:focus-visible,.form-select:focus-visible{outline}` followed
    // Bootstrap's `.form-control:focus{outline:0}`; the select is the form's code's alone.
    const lean = ".form-control:focus{outline:0}.form-control:focus-visible{outline:3px solid}";
    const full =
      ".form-control.is-invalid{outline:0}.form-control:focus{outline:0}" +
      ".form-control:focus-visible,.form-select:focus-visible{outline:3px solid}";
    expect(laterCss(full, lean)).toBe(
      ".form-control.is-invalid{outline:0}.form-control:focus{outline:0}" +
        ".form-select:focus-visible{outline:3px solid}.form-control:focus-visible{outline:3px solid}",
    );
  });

  it("counts a shorthand and its longhands as one property", () => {
    // `.footer{padding}` later, the media rule's `padding-bottom` after it: repeated, or the
    // footer would lose the room it keeps for the bottom bar.
    const lean = "@media (max-width:1279px){.footer{padding-bottom:5rem}}";
    const full = ".footer{padding:3rem 0 1.5rem}@media (max-width:1279px){.footer{padding-bottom:5rem}}";
    expect(laterCss(full, lean)).toBe(full);
  });

  it("repeats no inline rule that cannot tie: other property, other specificity, other element", () => {
    const lean = ".a{color:black}#b{border-color:blue}p{border-color:blue}.c{margin:0}";
    const full = "h5{border-color:red}.a{color:black}#b{border-color:blue}p{border-color:blue}.c{margin:0}";
    expect(laterCss(full, lean)).toBe("h5{border-color:red}");
  });

  it("repeats an inline rule only when an element of the page could carry both subjects", () => {
    // `.form-control` and `.site-footer` (both 0,1,0) set padding, but no element is both: the
    // footer's rule and, after it, the media rule's padding-bottom stay inline only.
    const html =
      '<html><body><div data-island="contact-form"><input class="form-control"></div>' +
      '<footer class="site-footer"></footer><p class="note"></p></body></html>';
    const page = pageElements(html, {
      anywhere: new Set(),
      anywhereClasses: new Set(),
      anywhereAttributes: new Set(),
      islands: new Map([["contact-form", new Set(["form-control", "is-invalid"])]]),
      forms: ["contact-form"],
    });
    const lean =
      ".site-footer{padding:3rem 0}@media (max-width:1279px){.site-footer{padding-bottom:5rem}}" +
      ".form-control:focus{border-color:blue}.note{border-color:gray}";
    const full =
      ".form-control{padding:.5rem}.form-control.is-invalid{border-color:red}" +
      ".site-footer{padding:3rem 0}@media (max-width:1279px){.site-footer{padding-bottom:5rem}}" +
      ".form-control:focus{border-color:blue}.note{border-color:gray}";
    expect(laterCss(full, lean, page)).toBe(
      ".form-control{padding:.5rem}.form-control.is-invalid{border-color:red}.form-control:focus{border-color:blue}",
    );
  });

  it("keeps `color-scheme` apart from `color`: no longhand of it", () => {
    const lean = ".note{color-scheme:light}";
    expect(laterCss(".alert{color:red}.note{color-scheme:light}", lean)).toBe(".alert{color:red}");
    expect(laterCss(".alert{color:red}.note{color:gray}", ".note{color:gray}")).toBe(
      ".alert{color:red}.note{color:gray}",
    );
  });

  it("is empty when the forms' code keeps nothing more", () => {
    expect(laterCss(".a{color:red}", ".a{color:red}")).toBe("");
  });
});
