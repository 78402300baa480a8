/**
 * pageElements on a small page: which two subjects one element can carry, from the page's
 * elements, the words its other scripts hold anywhere, and its form's words inside the form.
 */
import { describe, expect, it } from "vitest";
import { anyElement, pageElements, subjectOf } from "./page-elements";

const html =
  '<!DOCTYPE html><html><body><header class="site-header"><a class="nav-link" href="/">Home</a></header>' +
  '<div data-island="contact-form"><form class="contact-form"><input class="form-control" type="email"></form></div>' +
  '<footer class="site-footer"><p>Altiva</p></footer></body></html>';
const page = pageElements(
  html,
  ["contact-form"],
  new Set(["form-control", "is-invalid", "invalid-feedback", "alert", "div", "h5"]),
  new Set(["active", "data-bs-theme"]),
);
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
  });
});

describe("pageElements", () => {
  it("finds no element that is both the footer and a form field", () => {
    expect(can(".site-footer", ".form-control")).toBe(false);
    expect(can(".nav-link", ".is-invalid")).toBe(false);
  });

  it("lets the form's code add its classes inside the form, and create elements of its own names", () => {
    expect(can(".form-control", ".is-invalid")).toBe(true);
    expect(can("input.form-control", "[type=email]")).toBe(true);
    expect(can("h5", ".alert")).toBe(true);
    expect(can("h5", ".site-footer")).toBe(false);
  });

  it("lets the other scripts' words land on any element, as PurgeCSS assumes", () => {
    expect(can(".site-footer", ".active")).toBe(true);
    expect(can("[data-bs-theme=dark] .nav-link", ".nav-link.active")).toBe(true);
  });

  it("never puts two element names on one element", () => {
    expect(can("input", "textarea")).toBe(false);
    expect(anyElement.carriesBoth(subjectOf("input"), subjectOf("textarea"))).toBe(false);
    expect(anyElement.carriesBoth(subjectOf(".site-footer"), subjectOf(".form-control"))).toBe(true);
  });
});
