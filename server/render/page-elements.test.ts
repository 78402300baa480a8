/**
 * pageElements on a small page: which two subjects one element can carry, from the page's
 * elements, what the code that may touch any element sets by name, and each island's words inside
 * its wrapper (and on what it renders of its own).
 */
import { describe, expect, it } from "vitest";
import { anyElement, attributeWords, classListWords, pageElements, subjectOf } from "./page-elements";

const html =
  '<!DOCTYPE html><html data-theme-choice="system"><body><div data-island="site-header"><header class="site-header">' +
  '<a class="nav-link" href="/">Home</a></header></div>' +
  '<div data-island="contact-form"><form class="contact-form"><input class="form-control" type="email"></form></div>' +
  '<section class="section" data-reveal=""><p class="section-lead">Cloud</p></section>' +
  '<footer class="site-footer"><p>Altiva</p></footer></body></html>';
const entry = 'el.classList.add("reveal-pending");document.documentElement.setAttribute("data-hydrated","")';
const page = pageElements(html, {
  anywhere: new Set(["reveal-pending", "data-hydrated", "section"]),
  anywhereClasses: new Set(classListWords(entry)),
  anywhereAttributes: new Set(attributeWords(entry)),
  islands: new Map([
    ["site-header", new Set(["nav-link", "active", "data-bs-theme"])],
    ["contact-form", new Set(["form-control", "is-invalid", "invalid-feedback", "alert", "div", "h5"])],
  ]),
  forms: ["contact-form"],
});
const can = (a: string, b: string) => page.carriesBoth(subjectOf(a), subjectOf(b));

describe("subjectOf", () => {
  it("reads the last compound's tag, classes, id and attributes, outside pseudo-classes", () => {
    expect(subjectOf(".site-header .site-nav .nav-link.active:hover")).toEqual({
      tag: undefined,
      classes: ["active", "nav-link"],
      ids: [],
      attributes: [],
    });
    expect(subjectOf("INPUT#q[type=search]::-webkit-search-cancel-button")).toEqual({
      tag: "input",
      classes: [],
      ids: ["q"],
      attributes: ["type"],
    });
    expect(subjectOf(".form-check-input:checked:not(.is-valid,.is-invalid)").classes).toEqual(["form-check-input"]);
    expect(subjectOf(":root").tag).toBe("html");
  });
});

describe("classListWords and attributeWords", () => {
  it("read the names a script sets by name, and every word where a class is computed", () => {
    expect(classListWords(entry)).toEqual(["reveal-pending"]);
    expect(classListWords("e.classList.toggle(name, on);var other")).toContain("other");
    expect(attributeWords('d.setAttribute("data-bs-theme",t);el.dataset.islandHydrated=""')).toEqual([
      "data-bs-theme",
      "data-island-hydrated",
    ]);
  });
});

describe("pageElements", () => {
  it("finds no element that is both the footer and a form field", () => {
    expect(can(".site-footer", ".form-control")).toBe(false);
    expect(can(".nav-link", ".is-invalid")).toBe(false);
    expect(can(".section", ".form-control")).toBe(false);
  });

  it("lets an island's code add its names inside its wrapper, and render elements of its own names", () => {
    expect(can(".form-control", ".is-invalid")).toBe(true);
    expect(can("input.form-control", "[type=email]")).toBe(true);
    expect(can("h5", ".alert")).toBe(true);
    expect(can(".nav-link", ".active")).toBe(true);
    expect(can("h5", ".site-footer")).toBe(false);
  });

  it("lets the code that may touch any element add the classes and attributes it names there", () => {
    expect(can(".site-footer", ".reveal-pending")).toBe(true);
    expect(can(".site-footer", "[data-hydrated]")).toBe(true);
    expect(can(".site-footer", ".section")).toBe(false);
  });

  it("puts the islands' attributes on <html>, and their classes only inside their wrappers", () => {
    expect(can(":root", "[data-bs-theme=dark]")).toBe(true);
    expect(can(":root", ".active")).toBe(false);
    expect(can("[data-bs-theme=light]", ".site-footer")).toBe(false);
  });

  it("never puts two element names on one element", () => {
    expect(can("input", "textarea")).toBe(false);
    expect(anyElement.carriesBoth(subjectOf("input"), subjectOf("textarea"))).toBe(false);
    expect(anyElement.carriesBoth(subjectOf(".site-footer"), subjectOf(".form-control"))).toBe(true);
  });
});
