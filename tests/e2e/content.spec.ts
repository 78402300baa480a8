import { expect, test, type Page } from "./fixtures";
import fs from "node:fs";
import path from "node:path";
import { home } from "../../app/content/home";
import { services } from "../../app/content/services";
import { caseStudyPaths } from "../../app/content/collections";
import { caseStudiesTagged, caseStudyStack, loadCaseStudies } from "../../app/content/collections.server";
import { pages } from "../../app/site/pages";

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem("cookiesDeclined", "true"));
});

async function jsonLd(page: Page): Promise<Record<string, unknown>[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.map((b) => JSON.parse(b) as Record<string, unknown>);
}

async function visibleFaq(page: Page) {
  const items = page.locator(".faq-accordion details");
  const out: { name: string; text: string }[] = [];
  for (const item of await items.all()) {
    out.push({
      name: (await item.locator("summary").innerText()).trim(),
      text: (await item.locator(".faq-item__answer").textContent())!.trim(),
    });
  }
  return out;
}

test("home services grid: six cards, three per row at 1280 px, each 'Read More' naming its service", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/");
  const cards = page.locator(".service-card");
  await expect(cards).toHaveCount(6);
  const tops = new Set<number>();
  for (const [i, card] of home.servicesGrid.cards.entries()) {
    const item = cards.nth(i);
    await expect(item.getByRole("heading", { level: 3 })).toHaveText(card.title);
    const link = item.getByRole("link", { name: `Read More about ${card.title}`, exact: true });
    await expect(link).toHaveAttribute("href", card.link);
    // Sighted users see exactly the spec's label; the rest of the name is visually hidden.
    const visible = await link.evaluate((a) =>
      [...a.childNodes]
        .filter((n) => !(n instanceof Element && n.classList.contains("visually-hidden")))
        .map((n) => n.textContent)
        .join("")
        .trim(),
    );
    expect(visible).toBe("Read More");
    await expect(link.locator(".visually-hidden")).toHaveCSS("position", "absolute");
    expect((await link.locator(".visually-hidden").boundingBox())?.width).toBeLessThanOrEqual(1);
    // offsetTop ignores the reveal animation's transform.
    tops.add(await item.evaluate((el) => el.closest("li")!.offsetTop));
  }
  expect(tops.size).toBe(2);
});

test.describe("FAQ accordion", () => {
  test("first open, one at a time, clicking the open one closes it", async ({ page }) => {
    await page.goto("/");
    const items = page.locator(".faq-accordion details");
    const answers = page.locator(".faq-accordion .faq-item__answer");
    await expect(items).toHaveCount(5);
    await expect(items.nth(0)).toHaveAttribute("open", "");
    await expect(answers.nth(0)).toBeVisible();
    await items.nth(1).locator("summary").click();
    await expect(items.nth(1)).toHaveAttribute("open", "");
    await expect(items.nth(0)).not.toHaveAttribute("open");
    await expect(page.locator(".faq-accordion details[open]")).toHaveCount(1);
    await expect(answers.nth(1)).toBeVisible();
    await expect(answers.nth(0)).toBeHidden();
    await items.nth(1).locator("summary").click();
    await expect(items.nth(1)).not.toHaveAttribute("open");
    await expect(page.locator(".faq-accordion details[open]")).toHaveCount(0);
  });

  test("each question is a level-3 heading", async ({ page }) => {
    await page.goto("/");
    for (const item of home.faq.items) {
      await expect(page.getByRole("heading", { level: 3, name: item.question })).toBeVisible();
    }
  });
});

test.describe("structured data", () => {
  test("home: WebSite with publisher and sameAs, and FAQPage equal to the visible FAQ", async ({ page }) => {
    await page.goto("/");
    const data = await jsonLd(page);
    const site = data.find((d) => d["@type"] === "WebSite") as { publisher: { sameAs: string[] } };
    expect(site.publisher.sameAs).toHaveLength(4);
    const faq = data.find((d) => d["@type"] === "FAQPage") as {
      mainEntity: { name: string; acceptedAnswer: { text: string } }[];
    };
    expect(faq.mainEntity.map((q) => ({ name: q.name, text: q.acceptedAnswer.text }))).toEqual(await visibleFaq(page));
    expect(faq.mainEntity).toHaveLength(5);
  });

  for (const slug of ["mobileapp", "migration"]) {
    test(`service ${slug}: FAQPage equals the visible FAQ`, async ({ page }) => {
      await page.goto(`/services/${slug}`);
      const faq = (await jsonLd(page)).find((d) => d["@type"] === "FAQPage") as {
        mainEntity: { name: string; acceptedAnswer: { text: string } }[];
      };
      expect(faq.mainEntity.map((q) => ({ name: q.name, text: q.acceptedAnswer.text }))).toEqual(
        await visibleFaq(page),
      );
      expect(faq.mainEntity.length).toBe(services[slug]!.faq.questions.length);
    });
  }

  test("technology page: BreadcrumbList Home, Technology, the technology; canonical to itself", async ({ page }) => {
    await page.goto("/technology/react");
    const crumbs = (await jsonLd(page)).find((d) => d["@type"] === "BreadcrumbList") as {
      itemListElement: { name: string }[];
    };
    expect(crumbs.itemListElement.map((c) => c.name)).toEqual(["Home", "Technology", "React"]);
    expect(new URL((await page.locator('link[rel="canonical"]').getAttribute("href"))!).pathname).toBe(
      "/technology/react",
    );
  });
});

test.describe("statistics counters", () => {
  test("start once when half the strip is visible and end at the final values", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 700 });
    await page.goto("/");
    const strip = page.getByRole("region", { name: "Our numbers" });
    await expect(strip).not.toHaveAttribute("data-counted", /./);
    await expect(strip.locator(".stats-strip__value").first()).toHaveText("0+");
    await strip.scrollIntoViewIfNeeded();
    await expect(strip).toHaveAttribute("data-counted", "started");
    // The count runs 2 s of wall time; a loaded machine may draw its frames late.
    await expect(strip).toHaveAttribute("data-counted", "done", { timeout: 10_000 });
    await expect(strip.locator(".stats-strip__value")).toHaveText(home.stats.map((s) => `${s.value}${s.suffix}`));
    await page.evaluate(() => window.scrollTo(0, 0));
    await strip.scrollIntoViewIfNeeded();
    await expect(strip).toHaveAttribute("data-counted", "done");
    await expect(strip.locator(".stats-strip__value").first()).toHaveText("120+");
  });

  test("show the final numbers without JavaScript and with reduced motion", async ({ browser }) => {
    for (const options of [{ javaScriptEnabled: false }, { reducedMotion: "reduce" as const }]) {
      const context = await browser.newContext(options);
      const page = await context.newPage();
      await page.goto("/");
      // With JavaScript, check the numbers once the counters' code has run, not before.
      if (options.javaScriptEnabled !== false) await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
      await expect(page.locator(".stats-strip__value")).toHaveText(["120+", "98%", "5"]);
      await context.close();
    }
  });
});

test.describe("case studies", () => {
  test("the list links to each study and to category pages", async ({ page }) => {
    await page.goto("/case-study");
    await page.getByRole("link", { name: /mobile CRM/ }).click();
    await expect(page).toHaveURL(/\/case-studies\/mobile-crm-app$/);
    for (const h of ["Challenge", "Solution", "Results"])
      await expect(page.getByRole("heading", { name: h, exact: true })).toBeVisible();
    await expect(page.getByText("30% higher conversion")).toBeVisible();
  });

  test("a category lists its studies, ignoring letter case", async ({ page, request }) => {
    const res = await request.get("/case-studies/category/Cloud", { maxRedirects: 0 });
    expect(res.status()).toBe(301);
    expect(res.headers()["location"]).toBe("/case-studies/category/cloud");
    await page.goto("/case-studies/category/CLOUD");
    await expect(page.getByRole("link", { name: /40% lower infrastructure costs/ })).toBeVisible();
  });

  test("a category without studies has no page: it answers 404 and says so", async ({ page }) => {
    const response = await page.goto("/case-studies/category/web");
    expect(response!.status()).toBe(404);
    await expect(page.getByText("No case studies found for this category.")).toBeVisible();
  });

  test("an unknown id answers 404 with 'Case Study Not Found' and a way back", async ({ page }) => {
    const response = await page.goto("/case-studies/no-such-study");
    expect(response!.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Case Study Not Found" })).toBeVisible();
    await page.getByRole("link", { name: "Back to Case Studies" }).click();
    await expect(page).toHaveURL(/\/case-study$/);
  });

  test("a study shows its client, figures, quote, team and stack before its story, linking its pages", async ({
    page,
  }) => {
    const study = loadCaseStudies().find((s) => s.data.id === "insurance-claims-ai")!.data;
    await page.goto(caseStudyPaths.detail(study.id));
    const article = page.locator("article.case-study");
    const order = await article.evaluate((el) =>
      [".case-facts", ".result-figures", ".case-quote", ".case-crew", ".prose"].map((c) => {
        const found = el.querySelector(c);
        return found ? [...el.querySelectorAll("*")].indexOf(found) : -1;
      }),
    );
    expect(
      order.every((at, i) => at >= 0 && (i === 0 || at > order[i - 1]!)),
      `in order: ${order.join()}`,
    ).toBe(true);
    await expect(article.locator(".case-facts dd")).toHaveText([study.client, study.industry]);
    await expect(article.locator(".result-figures dt")).toHaveText(study.results.map((r) => r.value));
    await expect(article.locator(".result-figures dd")).toHaveText(study.results.map((r) => r.label));
    await expect(article.locator(".case-quote blockquote")).toHaveText(`“${study.quote.text}”`);
    await expect(article.locator(".case-quote figcaption")).toHaveText(`${study.quote.name}, ${study.quote.title}`);
    await expect(article.locator(".case-crew li").first()).toHaveText(
      `${study.team[0]!.role} × ${study.team[0]!.count}`,
    );
    const stack = caseStudyStack(study);
    const links = article.getByRole("region", { name: "Services and stack" }).getByRole("link");
    await expect(links).toHaveText([...stack.services, ...stack.technologies].map((p) => p.name));
    for (const p of [...stack.services, ...stack.technologies])
      await expect(links.filter({ hasText: p.name })).toHaveAttribute("href", p.path);
    expect(stack.technologies.map((t) => t.path)).toEqual([
      "/technology/python",
      "/technology/aiml",
      "/technology/mlops",
    ]);
  });

  test("the home page shows the three newest studies with their headline figures, a client's words and the clients' industries", async ({
    page,
  }) => {
    const studies = loadCaseStudies();
    await page.goto("/");
    const section = page.getByRole("region", { name: home.proof.heading });
    const cards = section.locator(".case-card");
    await expect(cards).toHaveCount(3);
    for (const [i, s] of studies.slice(0, 3).entries()) {
      await expect(cards.nth(i).getByRole("heading", { level: 3 }).getByRole("link")).toHaveAttribute(
        "href",
        caseStudyPaths.detail(s.data.id),
      );
      await expect(cards.nth(i).locator(".result-figures dt")).toHaveText(
        s.data.results.slice(0, 2).map((r) => r.value),
      );
    }
    const quoted = studies.find((s) => s.data.id === home.proof.testimonialFrom)!.data;
    await expect(section.locator(".testimonial blockquote")).toHaveText(`“${quoted.quote.text}”`);
    await expect(section.locator(".testimonial").getByRole("link")).toHaveAttribute(
      "href",
      caseStudyPaths.detail(quoted.id),
    );
    await expect(page.getByRole("region", { name: "Our clients' industries" }).getByRole("listitem")).toHaveText([
      ...new Set(studies.map((s) => s.data.industry)),
    ]);
  });

  test("every service and technology page links the case studies tagged with it, and only those", async ({
    request,
  }) => {
    let linked = 0;
    for (const page of pages.filter((p) => p.template === "service" || p.template === "technology")) {
      const html = await (await request.get(page.path)).text();
      const shown = [...html.matchAll(/<article class="case-card[^"]*">[\s\S]*?<a href="([^"]+)"/g)].map((m) => m[1]);
      const tagged = caseStudiesTagged(
        page.template === "service" ? { service: page.slug! } : { technology: page.slug! },
      ).map((s) => caseStudyPaths.detail(s.id));
      expect(shown, page.path).toEqual(tagged);
      linked += tagged.length;
    }
    // Three studies, tagged with five services and five technologies between them.
    expect(linked).toBeGreaterThanOrEqual(10);
  });

  test("their RSS feed is linked from the head and served as RSS, compressed, with every study", async ({
    page,
    request,
  }) => {
    await page.goto("/case-studies/cloud-migration");
    const link = page.locator('head link[rel="alternate"][type="application/rss+xml"]');
    await expect(link).toHaveAttribute("title", "Altiva Cloud case studies");
    const href = (await link.getAttribute("href"))!;
    expect(href).toBe("/case-studies/feed.xml");
    const res = await request.get(href, { headers: { "accept-encoding": "br" } });
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toBe("application/rss+xml; charset=utf-8");
    expect(res.headers()["content-encoding"]).toBe("br");
    const xml = await res.text();
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="utf-8"\?>\s*<rss version="2.0"/);
    for (const id of ["cloud-migration", "mobile-crm-app", "insurance-claims-ai"])
      expect(xml).toContain(`/case-studies/${id}</link>`);
  });
});

test("cookie settings are saved, confirmed and shown again on return", async ({ page }) => {
  await page.goto("/cookies-settings");
  await expect(page.getByRole("switch", { name: "Essential" })).toBeDisabled();
  await expect(page.getByRole("switch", { name: "Essential" })).toBeChecked();
  await page.getByRole("switch", { name: "Performance" }).check();
  await page.getByRole("switch", { name: "Marketing" }).check();
  await page.getByRole("button", { name: "Save Preferences" }).click();
  await expect(page.getByRole("status")).toHaveText("Your cookie preferences have been saved.");
  await page.reload();
  await expect(page.getByRole("switch", { name: "Performance" })).toBeChecked();
  await expect(page.getByRole("switch", { name: "Functional" })).not.toBeChecked();
  await expect(page.getByRole("switch", { name: "Marketing" })).toBeChecked();
});

test("no built page contains placeholder text", () => {
  const root = path.resolve("build/client");
  const offenders: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith(".html")) {
        const text = fs
          .readFileSync(full, "utf8")
          // Scripts and the inline critical CSS (which styles ::placeholder) are not text a visitor reads.
          .replace(/<(script|style)[\s\S]*?<\/\1>/g, "")
          .replace(/<[^>]+>/g, " ");
        const hit = /\b(lorem|ipsum|TODO|TBD|FIXME|coming soon|placeholder|your text here|sample text)\b/i.exec(text);
        if (hit) offenders.push(`${path.relative(root, full)}: "${hit[0]}"`);
      }
    }
  };
  walk(root);
  expect(offenders).toEqual([]);
});

test("case-study lists load the first card's image at once and the rest lazily", async ({ request }) => {
  for (const route of ["/case-study", "/case-studies/category/cloud"]) {
    const html = await (await request.get(route)).text();
    const images = [...html.matchAll(/<img [^>]*class="case-card__image"[^>]*>/g)].map((m) => m[0]);
    expect(images.length, route).toBeGreaterThan(0);
    // HTML attribute names are case-insensitive: React writes fetchPriority, the browser reads either.
    expect(images[0], route).toMatch(/loading="eager" fetchpriority="high"/i);
    for (const img of images.slice(1)) expect(img, route).toContain('loading="lazy"');
  }
});
