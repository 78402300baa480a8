/**
 * Proof blocks from the content store on the home page (issue 41, decision 079), on SQLite and
 * PostgreSQL: while the store holds none the home page is the build's; a published testimonial
 * takes the testimonial's place; a client logo goes live only with its recorded permission and
 * takes the industries' place; a partner badge links the programme's own directory; a testimonial's
 * draft previews on the home page with noindex; hostile words in each new field render inert.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type {
  ClientLogoItem,
  CollectionName,
  DraftData,
  PartnerBadgeItem,
  TestimonialItem,
} from "../../contracts/content/items";
import { buildApp } from "../app";
import { previewKey, signPreview } from "../content/preview";
import { signedInStaff } from "../test-support/staff";
import { createItem, publishItem, type ContentWrite } from "../content/store";
import { saveImage } from "../images/images";
import { twoColourPng } from "../images/test-images";
import { backends, useBackend } from "../test-support/backends";
import { useSiteBuild } from "../test-support/site-build";

type App = Awaited<ReturnType<typeof buildApp>>;

const { client, build: buildOnce } = useSiteBuild();
const actor = { id: 7, name: "Mara Editor" };
const noRedirect = async () => undefined;

function written(result: ContentWrite) {
  if (!result.ok) throw new Error(`the store refused: ${JSON.stringify(result)}`);
  return result.item;
}

/** The page as the browser gets it, minus the data it hydrates from and React's text separators. */
const markupOf = (html: string) =>
  html.replace(/<script>window\.__reactRouter[\s\S]*?<\/script>/g, "").replace(/<!-- -->/g, "");

const script = "<script>alert(1)</script>";
const onerror = 'x" onerror="alert(1)';
const inert = (html: string) => {
  expect(html).not.toContain("<script>alert(1)");
  expect(html).not.toMatch(/<[a-z][^>]*\sonerror\s*=\s*["']/i);
  expect(html).not.toContain('href="javascript:');
};

const testimonial = (changes: Partial<TestimonialItem> = {}): TestimonialItem => ({
  slug: "platform-lead-words",
  text: "Their engineers left us a platform our own team now runs without calling anyone at night.",
  name: "Jonas P.",
  title: "Head of Engineering",
  client: "A Nordic energy retailer",
  ...changes,
});

describe.each(backends)("proof blocks live from the content store on %s", (backend) => {
  const env = useBackend(backend, { BUILD_DIR: client });
  let clock = new Date("2026-12-02T10:00:00Z");
  const now = () => clock;
  const stampEvery = 5_000;
  let app: App;
  let imageId: string;

  beforeAll(async () => {
    await buildOnce();
    app = await buildApp(env.config, { now, contentStampEvery: stampEvery, addRedirect: noRedirect });
    const image = await saveImage(app.storage, await twoColourPng(600, 200), { staffId: actor.id }, clock);
    if (!image.ok) throw new Error(image.reason);
    imageId = image.image.id;
  }, 240_000);
  afterAll(() => app?.close());

  const home = async () => {
    const res = await app.inject({ method: "GET", url: "/" });
    expect(res.statusCode).toBe(200);
    return markupOf(res.body);
  };
  const wait = () => (clock = new Date(clock.getTime() + stampEvery));
  const publish = async (collection: CollectionName, data: DraftData) => {
    const draft = written(await createItem(app.storage.db, collection, data, actor, clock));
    const done = await publishItem(app.storage.db, collection, draft.id, draft.version, actor, clock, noRedirect);
    wait();
    return done;
  };
  const logo = (changes: Partial<ClientLogoItem> = {}): ClientLogoItem => ({
    slug: "northwind-freight",
    title: "Northwind Freight",
    logo: { imageId, alt: "Northwind Freight" },
    industry: "Logistics",
    permission: { grantedBy: "Head of Marketing", grantedOn: "2026-11-20" },
    ...changes,
  });
  const badge = (changes: Partial<PartnerBadgeItem> = {}): PartnerBadgeItem => ({
    slug: "cloud-partner",
    title: "Example Cloud Partner Network",
    badge: { imageId, alt: "Partner Network badge" },
    evidence: "https://partners.example.com/directory/altiva-cloud",
    since: 2024,
    ...changes,
  });

  it("answers the build's home page while the store holds no proof block", async () => {
    const res = await app.inject({ method: "GET", url: "/" });
    // The test build's own small home page (server/test-support/site-build.ts): the request fell through.
    expect(res.body).toContain("<main>Home</main>");
  });

  it("shows a published testimonial in the testimonial's place, its client by industry and no study link it has none of", async () => {
    written(await publish("testimonials", testimonial()));
    const html = await home();
    expect(html).toContain("Their engineers left us a platform our own team now runs");
    expect(html).toContain("<strong>Jonas P.</strong>, Head of Engineering, a Nordic energy retailer.");
    expect(html).not.toMatch(/<figure class="testimonial[\s\S]*?Read the case study[\s\S]*?<\/figure>/);
    // Without a stored logo, the strip still names the industries of the build's studies.
    expect(html).toContain('aria-label="Our clients&#x27; industries"');
  });

  it("refuses to publish a client logo without its recorded permission, and shows one with it", async () => {
    const { permission: _, ...unpermitted } = logo({ slug: "no-permission" });
    const refused = await publish("client-logos", unpermitted);
    expect(refused.ok).toBe(false);
    expect(refused.ok === false && refused.reason).toBe("invalid");
    expect(await home()).not.toContain("Clients who let us name them");

    written(await publish("client-logos", logo()));
    const html = await home();
    expect(html).toContain("Clients who let us name them");
    expect(html).toMatch(
      new RegExp(`<img src="/media/${imageId}-[a-f0-9]{8}-original-\\d+\\.webp" alt="Northwind Freight"`),
    );
    // The logos take the industries' place.
    expect(html).not.toContain("Our clients&#x27; industries");
  });

  it("links a partner badge to the programme's own directory, and refuses an address that is not https", async () => {
    const plain = await publish("partner-badges", badge({ slug: "plain", evidence: "http://partners.example.com/x" }));
    expect(plain.ok).toBe(false);
    written(await publish("partner-badges", badge()));
    const html = await home();
    expect(html).toContain('<a href="https://partners.example.com/directory/altiva-cloud"');
    expect(html).toContain('alt="Example Cloud Partner Network since 2024: the programme&#x27;s directory entry"');
  });

  it("previews a testimonial's draft on the home page with noindex, and keeps it off the live page", async () => {
    const draft = written(
      await createItem(
        app.storage.db,
        "testimonials",
        testimonial({
          slug: "draft-words",
          text: "A draft of words nobody has approved yet, shown only to its editor.",
        }),
        actor,
        clock,
      ),
    );
    const key = await previewKey(env.config, app.storage);
    // The link's maker must still edit content for it to work (decision 077).
    const maker = await signedInStaff(app.storage.db, { role: "marketing", name: "Mara Maker" }, clock);
    const token = signPreview(key, {
      makerId: maker.id,
      collection: "testimonials",
      id: draft.id,
      expiresAt: new Date(clock.getTime() + 3_600_000),
    });
    const res = await app.inject({ method: "GET", url: `/preview/${token}` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("A draft of words nobody has approved yet");
    expect(res.body).toContain('<meta name="robots" content="noindex"/>');
    expect(res.headers["x-robots-tag"]).toBe("noindex");
    expect(await home()).not.toContain("A draft of words nobody has approved yet");
  });

  describe("hostile words render inert", () => {
    it("in a testimonial's text fields (words, name, title, client)", async () => {
      written(
        await publish(
          "testimonials",
          testimonial({
            slug: "hostile-words",
            text: `We measured it ourselves ${script} and the figures held for a year.`,
            name: `J ${onerror}`.slice(0, 40),
            title: `Lead ${script}`,
            client: `A group ${onerror}`,
          }),
        ),
      );
      const html = await home();
      inert(html);
      expect(html).toContain("We measured it ourselves &lt;script&gt;alert(1)&lt;/script&gt;");
    });

    it("in a logo's name and alt, and a badge's title", async () => {
      written(
        await publish(
          "client-logos",
          logo({ slug: "hostile-logo", title: `Acme ${script}`, logo: { imageId, alt: onerror } }),
        ),
      );
      written(await publish("partner-badges", badge({ slug: "hostile-badge", title: `Partners ${script}` })));
      inert(await home());
    });
  });
});
