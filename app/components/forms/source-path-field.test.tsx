/**
 * The page a form is sent from, as the prerender and the server's returned form write it: the
 * route's own path in a hidden input; a returned form the path it was sent from, or none (it is
 * rendered away from its page); a role's page none (its template's path is not the page's).
 */
import { sourceFields } from "@contracts/lead-source";
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { CareerForm } from "./career-form";
import { ContactForm } from "./contact-form";
import { FeedbackForm } from "./feedback-form";

const at = (path: string, node: ReactNode) =>
  renderToStaticMarkup(<MemoryRouter initialEntries={[path]}>{node}</MemoryRouter>);
const hidden = (value: string) => `<input type="hidden" name="${sourceFields.path}" value="${value}"/>`;

describe("the source path's hidden input", () => {
  it("holds the route's path on every form's page", () => {
    expect(at("/services/cloudservice", <ContactForm />)).toContain(hidden("/services/cloudservice"));
    expect(at("/", <ContactForm />)).toContain(hidden("/"));
    expect(at("/feedback", <FeedbackForm />)).toContain(hidden("/feedback"));
    expect(at("/career", <CareerForm />)).toContain(hidden("/career"));
  });

  it("a returned form carries the path it was sent from, or none, never the answer page's", () => {
    const returned = (values: Record<string, string>) => ({ values, errors: { phone: "Wrong" }, checked: true });
    expect(at("/", <ContactForm initial={returned({ [sourceFields.path]: "/technology/react" })} />)).toContain(
      hidden("/technology/react"),
    );
    expect(at("/", <ContactForm initial={returned({})} />)).not.toContain(`name="${sourceFields.path}"`);
  });

  it("a role's page has none: the role it names is recorded instead", () => {
    const role = {
      slug: "senior-react-developer-london",
      title: "Senior React Developer",
      position: "Frontend Developer",
    };
    expect(at("/", <CareerForm role={role} />)).not.toContain(`name="${sourceFields.path}"`);
  });
});
