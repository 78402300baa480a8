// @vitest-environment happy-dom
/**
 * The proof blocks' editors (decision 079): a filled form makes a draft the collection's schema
 * takes as it is (so it can be published); a logo typed without its permission sends none (the
 * publish check then refuses it, and the page shows that issue by the permission's fields); a
 * stored draft reads back into the same form.
 */
import { clientLogoItem, partnerBadgeItem, testimonialItem, type ItemAnswer } from "@contracts/content/items";
import { cleanup, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { openPage } from "../../test-support/open-page";
import { serverAnswers } from "../../test-support/server-answers";
import { contentItemLoader } from "./content-loaders";
import { ContentEditPage } from "./ContentEditPage";
import { handTimer, history, item, list, marketing, now } from "./edit-page-harness";
import { clientLogoForms, partnerBadgeForms, testimonialForms } from "./proof-forms";

afterEach(cleanup);

const image = {
  id: "5f0c2a9e81d4b7c36a1e9d02",
  rev: "0a1b2c3d",
  focal: { x: 0.5, y: 0.5 },
  renditions: { original: { widths: [480], width: 480, height: 160 } },
} as never;

describe("the proof blocks' forms", () => {
  it("make a testimonial's draft its schema takes, without a case study when none is named", () => {
    const form = {
      ...testimonialForms.empty(),
      slug: "platform-lead",
      text: "Their engineers left us a platform our own team now runs without calling anyone.",
      name: "Jonas P.",
      title: "Head of Engineering",
      client: "A Nordic energy retailer",
    };
    const draft = testimonialForms.draftOf(form);
    expect(testimonialItem.safeParse(draft).success).toBe(true);
    expect(draft).not.toHaveProperty("caseStudy");
    expect(testimonialForms.formOf(draft)).toEqual(form);
  });

  it("send a logo's permission only when typed; with it the schema takes the draft", () => {
    const form = { ...clientLogoForms.empty(), title: "Northwind Freight", slug: "northwind", industry: "Logistics" };
    const withLogo = {
      ...form,
      logo: { image: { id: "5f0c2a9e81d4b7c36a1e9d02" } as never, alt: "Northwind Freight" },
    };
    expect(clientLogoForms.draftOf(withLogo)).not.toHaveProperty("permission");
    expect(clientLogoItem.safeParse(clientLogoForms.draftOf(withLogo)).success).toBe(false);
    const permitted = { ...withLogo, grantedBy: "Head of Marketing", grantedOn: "2026-11-20" };
    expect(clientLogoItem.safeParse(clientLogoForms.draftOf(permitted)).success).toBe(true);
  });

  it("send a badge's year as a number once it is one", () => {
    const form = {
      ...partnerBadgeForms.empty(),
      title: "A cloud partner network",
      slug: "cloud-partner",
      evidence: "https://partners.example.com/directory/altiva-cloud",
      since: "2024",
      badge: { image: { id: "5f0c2a9e81d4b7c36a1e9d02" } as never, alt: "Partner badge" },
    };
    const draft = partnerBadgeForms.draftOf(form);
    expect(draft.since).toBe(2024);
    expect(partnerBadgeItem.safeParse(draft).success).toBe(true);
    expect(partnerBadgeForms.draftOf({ ...form, since: "20" }).since).toBe("20");
  });
});

describe("a client logo's editor", () => {
  it("shows the logo and names a missing permission by its fields when publishing is refused", async () => {
    const logo: ItemAnswer = item({
      collection: "client-logos",
      slug: "northwind",
      draft: {
        title: "Northwind Freight",
        slug: "northwind",
        industry: "Logistics",
        logo: { imageId: "5f0c2a9e81d4b7c36a1e9d02", alt: "Northwind Freight" },
      },
    });
    serverAnswers({
      "GET content/client-logos": () => list,
      "GET content/client-logos/7": () => logo,
      "GET content/client-logos/7/revisions": () => history,
      "GET content/images/5f0c2a9e81d4b7c36a1e9d02": () => image,
      "POST content/client-logos/7/publish": () =>
        Response.json(
          {
            status: false,
            message: "This client logo cannot go live yet: one field needs a change.",
            issues: [{ path: "permission", message: "Invalid input: expected object, received undefined" }],
          },
          { status: 400 },
        ),
    });
    openPage({
      path: "/content/client-logos/:id",
      address: "/content/client-logos/7",
      load: contentItemLoader("client-logos"),
      element: <ContentEditPage staff={marketing} now={now} timer={handTimer().timer} />,
    });
    expect(await screen.findByRole("heading", { level: 1 }, { timeout: 10_000 })).toHaveProperty(
      "textContent",
      "Northwind Freight",
    );
    expect(screen.getByLabelText<HTMLInputElement>("Client's name").value).toBe("Northwind Freight");
    await userEvent.setup().click(screen.getByRole("button", { name: "Publish now" }));
    const givenBy = await screen.findByLabelText("Given by");
    await waitFor(() => expect(givenBy.getAttribute("aria-invalid")).toBe("true"));
    expect(document.getElementById(givenBy.getAttribute("aria-describedby")!.split(" ")[1]!)?.textContent).toBe(
      "Fill this in.",
    );
  });
});

describe("a new testimonial's editor", () => {
  it("names it by its person and position, and its address follows them until one is typed", async () => {
    serverAnswers({ "GET content/testimonials": () => list });
    openPage({
      path: "/content/testimonials/:id",
      address: "/content/testimonials/new",
      load: contentItemLoader("testimonials"),
      element: <ContentEditPage staff={marketing} now={now} timer={handTimer().timer} />,
    });
    const heading = await screen.findByRole("heading", { level: 1 }, { timeout: 10_000 });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("Their position"), "Operations Director");
    await user.type(screen.getByLabelText("Who"), "Zoë K.");
    // Two testimonials from one position are told apart by who said them.
    expect(heading.textContent).toBe("Zoë K., Operations Director");
    const address = screen.getByLabelText<HTMLInputElement>("Name in the console");
    expect(address.value).toBe("zoe-k-operations-director");
    await user.clear(address);
    await user.type(address, "zoe-warehouse");
    await user.type(screen.getByLabelText("Who"), "r");
    expect(address.value).toBe("zoe-warehouse");
  });
});
