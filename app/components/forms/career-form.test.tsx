/**
 * The careers form on a role's page, as the server and the prerender write it (the browser
 * hydrates the same markup from the same props): the role's line, its slug in a hidden input,
 * its position chosen unless the candidate chose another.
 */
import { roleField } from "@contracts/careers/applied-role";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { CareerForm } from "./career-form";

const role = {
  slug: "senior-react-developer-london",
  title: "Senior React Developer",
  position: "Frontend Developer",
  offices: ["London"],
};

const render = (props: Parameters<typeof CareerForm>[0]) =>
  renderToStaticMarkup(
    <MemoryRouter>
      <CareerForm {...props} />
    </MemoryRouter>,
  );

describe("CareerForm for a role", () => {
  it("names the role, carries its slug and starts on its position", () => {
    const html = render({ role });
    expect(html).toContain('<p class="career-form__role">You are applying for Senior React Developer in London.</p>');
    expect(html).toContain(`<input type="hidden" name="${roleField}" value="${role.slug}"/>`);
    expect(html).toMatch(/<option value="Frontend Developer" selected="">/);
  });

  it("keeps the position a returned form chose", () => {
    const html = render({ role, initial: { values: { position: "Cloud Architect" }, errors: {} } });
    expect(html).toMatch(/<option value="Cloud Architect" selected="">/);
    expect(html).not.toMatch(/<option value="Frontend Developer" selected="">/);
  });

  it("writes a role's title as text, never as markup", () => {
    const html = render({ role: { ...role, title: '<img src=x onerror="alert(1)">' } });
    expect(html).not.toContain("<img");
    expect(html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
  });

  it("is the list's form without one: no line, no slug, no position chosen", () => {
    const html = render({});
    expect(html).not.toContain("career-form__role");
    expect(html).not.toContain(`name="${roleField}"`);
    expect(html).not.toMatch(/<option value="[^"]+" selected="">/);
  });
});
