import { expect, test } from "./fixtures";
import { positions } from "../../contracts/forms/application";
import { contactPage, officeMapUrl, team } from "../../app/content/company-pages";
import { chatUrl, company } from "../../app/site/company";
import { pagesIn } from "../../app/site/pages";
import { siteRoutes } from "../../scripts/local-server";

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

test.describe("a call to action before the footer", () => {
  // In the prerendered HTML: it is there for every visitor, with or without scripts.
  test.use({ javaScriptEnabled: false });

  test("every page's main content ends in a call to action, and never in two bands in a row", async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const routes = await siteRoutes(baseURL!);
    const missing: string[] = [];
    for (const route of routes) {
      await page.goto(route);
      const end = await page.evaluate(() => {
        const main = document.querySelector("main");
        // The page's sections, without the data scripts a page may carry at its end.
        const sections = main ? [...main.children].filter((el) => !el.matches("script, template")) : [];
        const last = sections.at(-1);
        const before = sections.at(-2);
        const shown = (el: Element) => el.getBoundingClientRect().width > 0;
        // A call to action: a link drawn as a button to a page of the site, or a form's submit button.
        const actions = last
          ? [...last.querySelectorAll<HTMLElement>('a.btn[href^="/"], form button[type="submit"]')].filter(shown)
          : [];
        const footer = document.querySelector("footer");
        return {
          actions: actions.map((a) => a.textContent!.trim()),
          followedByFooter: !!main && main.nextElementSibling === footer,
          twoBands: !!before?.matches(".cta-band") && !!last?.matches(".cta-band"),
        };
      });
      if (end.actions.length === 0) missing.push(`${route}: the last section has no call to action`);
      if (!end.followedByFooter) missing.push(`${route}: the footer does not follow the main content`);
      if (end.twoBands) missing.push(`${route}: two call-to-action bands in a row`);
    }
    expect(routes.length).toBeGreaterThan(30);
    expect(missing).toEqual([]);
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
  test("each role on the list leads to its own page, which names it in its heading", async ({ page, request }) => {
    await page.goto("/career");
    const region = page.getByRole("region", { name: /roles? open/i });
    const titles = await region.getByRole("heading", { level: 3 }).allTextContents();
    expect(titles.length).toBeGreaterThan(0);
    for (const title of titles) {
      const link = region.getByRole("link", { name: `View role and apply: ${title}` });
      const href = (await link.getAttribute("href"))!;
      expect(href).toMatch(/^\/career\/[a-z0-9-]+$/);
      const res = await request.get(href);
      expect(res.status(), href).toBe(200);
      expect(await res.text()).toContain(`<h1>${title.replace(/&/g, "&amp;")}</h1>`);
    }
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
