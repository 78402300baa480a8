import { expect, test, type Page } from "./fixtures";
import { chatUrl, company } from "../../app/site/company";
import { headerCta } from "../../app/components/layout/header-cta";
import { footerColumn, headerLinks, pagesIn } from "../../app/site/pages";
import { cookiePolicyVersion } from "../../contracts/consent";

/** Marks the cookie notice as answered so it does not cover what a test looks at. */
async function answerCookieNotice(page: Page) {
  await page.addInitScript(() => window.localStorage.setItem("cookiesDeclined", "true"));
}

test.describe("desktop header at 1280 px", () => {
  test.use({ viewport: { width: 1280, height: 800 } });
  test.beforeEach(({ page }) => answerCookieNotice(page));

  test("shows the logo, both dropdowns and the top-level links; hides the mobile toggle", async ({ page }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav).toBeVisible();
    await expect(page.getByRole("link", { name: `${company.name}, home` }).first()).toHaveAttribute("href", "/");
    for (const link of headerLinks()) {
      await expect(nav.getByRole("link", { name: link.label, exact: true })).toHaveAttribute("href", link.path);
    }
    await expect(page.getByRole("button", { name: "Open menu" })).toBeHidden();
  });

  test("the Services dropdown opens on click, closes on outside click and Escape, and supports arrow keys", async ({
    page,
  }) => {
    await page.goto("/");
    const toggle = page.getByRole("button", { name: "Services" });
    const menu = page.locator(".dropdown-menu").first();
    await expect(menu).toBeHidden();
    await toggle.click();
    await expect(menu).toBeVisible();
    await expect(menu.getByRole("link")).toHaveCount(pagesIn("services").length);
    await page.mouse.click(10, 600);
    await expect(menu).toBeHidden();

    await toggle.focus();
    await page.keyboard.press("Enter");
    await expect(menu).toBeVisible();
    await page.keyboard.press("ArrowDown");
    await expect(menu.getByRole("link").first()).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(menu.getByRole("link").nth(1)).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(toggle).toBeFocused();
  });

  test("a dropdown item navigates to its page", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Technology" }).click();
    await page.locator(".dropdown-menu").nth(1).getByRole("link", { name: "Python" }).click();
    await expect(page).toHaveURL(/\/technology\/python$/);
    await expect(page.locator(".dropdown-menu").nth(1)).toBeHidden();
  });

  test("a dropdown closes when focus leaves it", async ({ page }) => {
    await page.goto("/");
    const toggle = page.getByRole("button", { name: "Technology" });
    await toggle.click();
    const menu = page.locator(".dropdown-menu").nth(1);
    await expect(menu).toBeVisible();
    await page.keyboard.press("End"); // ignored on the button itself
    await page.keyboard.press("ArrowUp");
    await expect(menu.getByRole("link").last()).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(menu).toBeHidden();
    await expect(
      page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Case Studies", exact: true }),
    ).toBeFocused();
  });

  test("each dropdown button is announced as expanded while its list is open, and collapsed after", async ({
    page,
  }) => {
    await page.goto("/");
    // What Chromium hands to screen readers, not an attribute the page might set and forget.
    const cdp = await page.context().newCDPSession(page);
    const expanded = async (name: string) => {
      const { nodes } = (await cdp.send("Accessibility.getFullAXTree")) as {
        nodes: {
          role?: { value: string };
          name?: { value: string };
          properties?: { name: string; value: { value: unknown } }[];
        }[];
      };
      const button = nodes.find((n) => n.role?.value === "button" && n.name?.value === name);
      return button?.properties?.find((p) => p.name === "expanded")?.value.value;
    };
    expect(await expanded("Services")).toBe(false);
    await page.getByRole("button", { name: "Services" }).click();
    await expect(page.locator(".dropdown-menu").first()).toBeVisible();
    expect(await expanded("Services")).toBe(true);
    expect(await expanded("Technology")).toBe(false);
    await page.getByRole("button", { name: "Technology" }).click();
    await expect(page.locator(".dropdown-menu").first()).toBeHidden();
    expect(await expanded("Services")).toBe(false);
    expect(await expanded("Technology")).toBe(true);
  });
});

test.describe("mobile menu at 375 px", () => {
  test.use({ viewport: { width: 375, height: 740 } });
  test.beforeEach(({ page }) => answerCookieNotice(page));

  test("toggle opens it; close button, Escape and backdrop close it; focus returns to the toggle", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
    const toggle = page.getByRole("button", { name: "Open menu" });
    const menu = page.getByRole("dialog", { name: "Menu" });

    await toggle.click();
    await expect(menu).toBeVisible();
    await expect(menu.getByRole("heading", { name: "Menu" })).toBeVisible();
    await menu.getByRole("button", { name: "Close menu" }).click();
    await expect(menu).toBeHidden();
    await expect(toggle).toBeFocused();

    await toggle.click();
    await expect(menu).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(toggle).toBeFocused();

    await toggle.click();
    await expect(menu).toBeVisible();
    // Modal: the page behind is inert, and the strip of it left of the menu is the backdrop.
    expect(await menu.evaluate((el) => el.matches(":modal"))).toBe(true);
    await page.mouse.click(20, 300);
    await expect(menu).toBeHidden();
  });

  test("links to the real routes, Website Development, Career and Contact included", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.getByRole("dialog", { name: "Menu" });
    // The groups are closed at first: every link, shown or in a group.
    const hrefs = await menu.locator("a[href]").evaluateAll((els) => els.map((a) => a.getAttribute("href")));
    const expected = [
      ...headerLinks().map((p) => p.path),
      headerCta.to,
      ...[...pagesIn("services"), ...pagesIn("technology")].map((p) => p.path),
    ];
    expect(hrefs).toEqual(expected);
    expect(hrefs).toContain("/services/webdevlopment");
    expect(hrefs).not.toContain("/casestudies");
    expect(hrefs).not.toContain("/aboutus");
    await menu.getByRole("link", { name: "Career" }).click();
    await expect(page).toHaveURL(/\/career$/);
    await expect(menu).toBeHidden();
  });

  test("focus stays inside the open menu", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.getByRole("dialog", { name: "Menu" });
    await expect(menu).toBeVisible();
    for (let i = 0; i < 30; i++) await page.keyboard.press("Tab");
    expect(await menu.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  });
});

test.describe("footer", () => {
  test.beforeEach(({ page }) => answerCookieNotice(page));

  test("has one home logo, four social links in a new tab and the four columns", async ({ page }) => {
    await page.goto("/contact");
    const footer = page.locator("footer");
    // One logo (decision 042): the spec's second footer logo stood alone as a stray mark.
    await expect(footer.getByRole("link", { name: `${company.name}, home` })).toHaveCount(1);
    const social = footer.locator(".social-links a");
    await expect(social).toHaveCount(4);
    for (const a of await social.all()) {
      await expect(a).toHaveAttribute("target", "_blank");
      await expect(a).toHaveAttribute("rel", "noopener noreferrer");
    }
    for (const [name, column] of [
      ["Services", "services"],
      ["Technology", "technology"],
      ["Company", "company"],
      ["Policies", "policies"],
    ] as const) {
      const hrefs = await footer
        .getByRole("navigation", { name })
        .getByRole("link")
        .evaluateAll((els) => els.map((a) => a.getAttribute("href")));
      expect(hrefs).toEqual(footerColumn(column).map((p) => p.path));
    }
  });

  test("highlights the current page's link", async ({ page }) => {
    await page.goto("/security");
    const current = page.locator('footer a[aria-current="page"]');
    await expect(current).toHaveCount(1);
    await expect(current).toHaveAttribute("href", "/security");
  });
});

test.describe("side bar", () => {
  test("links to e-mail, telephone and chat", async ({ page }) => {
    await page.goto("/");
    const bar = page.getByRole("complementary", { name: "Quick contact" });
    await expect(bar.locator(`a[href="mailto:${company.email}"]`)).toHaveCount(1);
    await expect(bar.locator(`a[href="tel:${company.phoneE164}"]`)).toHaveCount(1);
    await expect(bar.locator(`a[href="${chatUrl}"]`)).toHaveCount(1);
    expect(chatUrl).toMatch(/^https:\/\/wa\.me\/\d+$/);
  });
});

test.describe("scrolling", () => {
  test.use({ viewport: { width: 1280, height: 400 } });
  test.beforeEach(async ({ page }) => {
    await answerCookieNotice(page);
    // Independent of how long a page's content is: always room to scroll.
    await page.addInitScript(() =>
      document.addEventListener("DOMContentLoaded", () => (document.body.style.minHeight = "3000px")),
    );
  });

  test("scroll-to-top is hidden at 300 px, visible above, and scrolls to the top", async ({ page }) => {
    await page.goto("/privacy-policy");
    const button = page.getByRole("button", { name: "Scroll to top" });
    await page.evaluate(() => window.scrollTo(0, 300));
    await page.waitForTimeout(100);
    await expect(button).toBeHidden();
    await page.evaluate(() => window.scrollTo(0, 301));
    await expect(button).toBeVisible();
    await button.click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect(button).toBeHidden();
  });

  test("a route change starts at the top", async ({ page }) => {
    await page.goto("/");
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
    await page.locator("footer").getByRole("link", { name: "Security Policy" }).click();
    await expect(page).toHaveURL(/\/security$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });
});

test.describe("cookie notice", () => {
  const notice = (page: Page) => page.getByRole("region", { name: "Cookie notice" });

  test("is shown when neither flag is stored; Accept stores cookiesAccepted and hides it", async ({ page }) => {
    await page.goto("/");
    await expect(notice(page)).toBeVisible();
    await notice(page).getByRole("button", { name: "Accept" }).click();
    await expect(notice(page)).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem("cookiesAccepted"))).toBe("true");
    await page.reload();
    await page.waitForLoadState("networkidle");
    await expect(notice(page)).toBeHidden();
  });

  test("is part of the first paint for a new visitor, never shown to a returning one or without JavaScript", async ({
    browser,
  }) => {
    const visible = async (options: Parameters<typeof browser.newContext>[0], answered: boolean) => {
      const context = await browser.newContext(options);
      const page = await context.newPage();
      if (answered) await page.addInitScript(() => window.localStorage.setItem("cookiesDeclined", "true"));
      // No module ever runs: what shows here is the prerendered page and its head script.
      await page.route("**/assets/*.js", (route) => route.abort());
      await page.goto("/");
      const shown = await page.locator(".cookie-notice").isVisible();
      await context.close();
      return shown;
    };
    expect(await visible({}, false)).toBe(true);
    expect(await visible({}, true)).toBe(false);
    expect(await visible({ javaScriptEnabled: false }, false)).toBe(false);
  });

  test("Cancel stores cookiesDeclined and hides it", async ({ page }) => {
    await page.goto("/");
    await notice(page).getByRole("button", { name: "Cancel" }).click();
    await expect(notice(page)).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem("cookiesDeclined"))).toBe("true");
    expect(await page.evaluate(() => localStorage.getItem("cookiesAccepted"))).toBeNull();
  });

  for (const flag of ["cookiesAccepted", "cookiesDeclined"]) {
    test(`stays hidden when ${flag} is stored`, async ({ page }) => {
      await page.addInitScript(
        ([key, version]) => {
          window.localStorage.setItem(key!, "true");
          // An acceptance counts with its record under the current Cookie Policy (see measurement.spec.ts).
          window.localStorage.setItem(
            "cookieConsent",
            JSON.stringify({ consentId: "a".repeat(32), policyVersion: version }),
          );
        },
        [flag, cookiePolicyVersion],
      );
      await page.goto("/");
      await page.waitForLoadState("networkidle");
      await expect(page.locator(".site-footer")).toBeVisible();
      await expect(notice(page)).toHaveCount(0);
    });
  }
});

test.describe("security headers", () => {
  test("pages carry a CSP that allows exactly their inline scripts, and nothing is blocked", async ({ page }) => {
    const violations: string[] = [];
    page.on("console", (msg) => {
      if (/Content Security Policy|Refused to/i.test(msg.text())) violations.push(msg.text());
    });
    const response = await page.goto("/services/ai");
    const headers = response!.headers();
    const csp = headers["content-security-policy"]!;
    expect(csp).not.toContain("unsafe-eval");
    expect(csp).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+;/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(headers["strict-transport-security"]).toMatch(/max-age=(\d+)/);
    expect(Number(/max-age=(\d+)/.exec(headers["strict-transport-security"]!)![1])).toBeGreaterThanOrEqual(15552000);
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    // Hydration ran (the fixture's goto waits for it), so no module was refused.
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "");
    expect(violations).toEqual([]);
  });

  test("hashed assets are immutable and pages are revalidated", async ({ request, page }) => {
    const res = await request.get("/");
    expect(res.headers()["cache-control"]).toBe("no-cache");
    await page.goto("/");
    const script = await page.locator('link[rel="modulepreload"]').first().getAttribute("href");
    const asset = await request.get(script!);
    expect(asset.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  });
});
