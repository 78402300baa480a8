import { expect, test } from "./fixtures";
import { positions } from "../../contracts/forms/application";
import { contactPage, officeMapUrl, team } from "../../app/content/company-pages";
import { jobOpenings } from "../../app/content/job-openings";
import { chatUrl, company } from "../../app/site/company";
import { pagesIn } from "../../app/site/pages";

/** Every page the sitemap lists, as paths. */
async function sitemapRoutes(request: import("@playwright/test").APIRequestContext): Promise<string[]> {
  const xml = await (await request.get("/sitemap.xml")).text();
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
}

/** The href of every link on a page, as written (entities decoded). */
function linksIn(html: string): string[] {
  return [...html.matchAll(/<a\s[^>]*href="([^"]*)"/g)].map((m) =>
    m[1]!
      .replace(/&amp;/g, "&")
      .replace(/&quot;/g, '"')
      .replace(/&#x27;/g, "'"),
  );
}

test.describe("no dead ends", () => {
  test("no link leads off-site except social links, mail, phone, the chat link and office maps", async ({
    request,
  }) => {
    test.setTimeout(120_000);
    const allowed = new Set<string>([
      ...Object.values(company.social),
      ...team.flatMap((m) => (m.linkedin ? [m.linkedin] : [])),
      chatUrl,
      ...contactPage.offices.map(officeMapUrl),
    ]);
    const routes = await sitemapRoutes(request);
    expect(routes.length).toBeGreaterThan(30);
    const offSite: string[] = [];
    for (const route of routes) {
      for (const href of linksIn(await (await request.get(route)).text())) {
        if (href.startsWith("/") && !href.startsWith("//")) continue;
        if (href.startsWith("#") || href.startsWith("mailto:") || href.startsWith("tel:")) continue;
        if (!allowed.has(href)) offSite.push(`${route}: ${href}`);
      }
    }
    expect(offSite).toEqual([]);
  });

  test("every internal link on every page of the sitemap answers 200", async ({ request }) => {
    test.setTimeout(120_000);
    const targets = new Map<string, string>();
    for (const route of await sitemapRoutes(request)) {
      for (const href of linksIn(await (await request.get(route)).text())) {
        if (!href.startsWith("/") || href.startsWith("//")) continue;
        const path = href.split("#")[0]!;
        if (path && !targets.has(path)) targets.set(path, route);
      }
    }
    expect(targets.size).toBeGreaterThan(30);
    const broken: string[] = [];
    for (const [path, from] of targets) {
      const status = (await request.get(path, { maxRedirects: 0 })).status();
      if (status !== 200) broken.push(`${path} (linked from ${from}): HTTP ${status}`);
    }
    expect(broken).toEqual([]);
  });

  test("every case-study filter shown leads to at least one study", async ({ page }) => {
    await page.goto("/case-study");
    const filters = page.getByRole("navigation", { name: "Case study categories" }).getByRole("link");
    const hrefs = await filters.evaluateAll((els) => els.map((a) => a.getAttribute("href")!));
    expect(hrefs.length).toBeGreaterThan(0);
    for (const href of hrefs) {
      await page.goto(href);
      await expect(page.locator("main .case-card").first(), href).toBeVisible();
      await expect(page.getByText("No case studies found for this category.")).toHaveCount(0);
    }
  });

  test("portfolio projects lead to pages of this site", async ({ page }) => {
    await page.goto("/portfolio");
    const links = page.getByRole("link", { name: /^View Project/ });
    await expect(links).toHaveCount(2);
    for (const href of await links.evaluateAll((els) => els.map((a) => a.getAttribute("href")!))) {
      expect(href).toMatch(/^\/(case-studies\/[a-z0-9-]+|contact)$/);
    }
  });
});

test.describe("overview pages", () => {
  for (const [path, heading, group] of [
    ["/services", "Services", "services"],
    ["/technology", "Technology", "technology"],
  ] as const) {
    test(`${path} shows its heading, links every ${group} page and is in the sitemap`, async ({ page, request }) => {
      const response = await page.goto(path);
      expect(response!.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
      const cards = page.locator("main .link-card a");
      expect(await cards.evaluateAll((els) => els.map((a) => a.getAttribute("href")))).toEqual(
        pagesIn(group).map((p) => p.path),
      );
      expect(await sitemapRoutes(request)).toContain(path);
    });

    test(`the breadcrumb '${heading}' of a ${group} page links to ${path}`, async ({ page }) => {
      await page.goto(pagesIn(group)[0]!.path);
      const crumb = page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: heading });
      await expect(crumb).toHaveAttribute("href", path);
      await crumb.click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
    });
  }
});

test.describe("careers", () => {
  test("lists the open roles, each with valid JobPosting structured data", async ({ page, request }) => {
    const html = await (await request.get("/career")).text();
    const postings = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)]
      .map((m) => JSON.parse(m[1]!) as Record<string, unknown>)
      .filter((d) => d["@type"] === "JobPosting");
    // Which roles are open was decided when the page was built (app/content/jobs.test.ts tests
    // that decision on fixed days); here, each published posting is one of ours and is listed.
    const titles = jobOpenings.map((j) => j.title);
    interface Posting {
      title: string;
      hiringOrganization: Record<string, unknown>;
      jobLocation: { "@type": string; address: Record<string, unknown> };
      datePosted: string;
      validThrough: string;
      [field: string]: unknown;
    }
    for (const p of postings as unknown as Posting[]) {
      expect(p["@context"]).toBe("https://schema.org");
      for (const field of ["title", "description", "datePosted", "validThrough", "employmentType"])
        expect(typeof p[field], `${p.title} ${field}`).toBe("string");
      expect(p.hiringOrganization).toMatchObject({ "@type": "Organization", name: company.name });
      expect(p.jobLocation["@type"]).toBe("Place");
      expect(p.jobLocation.address).toMatchObject({ "@type": "PostalAddress" });
      for (const field of ["streetAddress", "addressLocality", "postalCode", "addressCountry"])
        expect(p.jobLocation.address[field], `${p.title} ${field}`).toBeTruthy();
      expect(Date.parse(p.validThrough)).toBeGreaterThan(Date.parse(p.datePosted));
      expect(titles).toContain(p.title);
    }

    await page.goto("/career");
    const region = page.getByRole("region", { name: /roles open/i });
    await expect(region.getByRole("heading", { level: 2 })).toHaveText(
      postings.length === 0 ? "No roles open right now" : new RegExp(`^${postings.length} roles? open now$`),
    );
    await expect(region.getByRole("heading", { level: 3 })).toHaveText(postings.map((p) => String(p.title)));
  });

  test("the form's position list stays exactly as the spec gives it", async ({ page }) => {
    await page.goto("/career");
    const options = await page
      .getByLabel("Position")
      .locator("option")
      .evaluateAll((els) => els.map((o) => (o as HTMLOptionElement).value).filter(Boolean));
    expect(options).toEqual([...positions]);
    expect(positions).toEqual([
      "Frontend Developer",
      "Backend Developer",
      "Full Stack Developer",
      "UI/UX Designer",
      "Database Manager",
      "Project Manager",
      "QA Engineer",
      "DevOps Engineer",
      "Business Analyst",
      "Product Manager",
      "Mobile App Developer",
      "Cloud Architect",
      "Data Scientist",
      "Machine Learning Engineer",
      "Technical Support Engineer",
      "Cybersecurity Analyst",
      "Others",
    ]);
  });
});

test("the not-found page shows the brand, says what happened and offers the main destinations", async ({ page }) => {
  const response = await page.goto("/no-such-page");
  expect(response!.status()).toBe(404);
  await expect(page.getByRole("link", { name: `${company.name}, home` }).first()).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
  await expect(page.getByText("does not exist or has moved")).toBeVisible();
  for (const [name, href] of <const>[
    ["Services", "/services"],
    ["Technology", "/technology"],
    ["Case Studies", "/case-study"],
    ["Career", "/career"],
    ["Contact", "/contact"],
  ]) {
    await expect(page.locator("main").getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
  }
});
