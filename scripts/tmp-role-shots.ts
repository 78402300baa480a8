import { chromium } from "@playwright/test";
import { chromiumArgs, findChromium } from "./browser";
import { startLocalServer } from "./local-server";

const out = "reports/screenshots/apply";
const pdf = Buffer.from("%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");
const server = await startLocalServer({ RATE_LIMIT_MAX: "0" });
const browser = await chromium.launch({ executablePath: findChromium(), args: chromiumArgs });
try {
  for (const width of [375, 1280]) {
    for (const scheme of ["light", "dark"] as const) {
      for (const js of [true, false]) {
        const context = await browser.newContext({
          viewport: { width, height: width < 768 ? 812 : 900 },
          colorScheme: scheme,
          reducedMotion: "reduce",
          javaScriptEnabled: js,
        });
        await context.addInitScript(() => window.localStorage.setItem("cookiesDeclined", "true"));
        const page = await context.newPage();
        const errors: string[] = [];
        page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
        page.on("pageerror", (e) => errors.push(String(e)));
        await page.goto(`${server.base}/career/senior-react-developer-london`);
        if (js) await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
        await page.waitForTimeout(300);
        const name = `${width}-${scheme}-${js ? "js" : "nojs"}`;
        await page.locator("#apply").screenshot({ path: `${out}/role-form-${name}.png` });
        if (!js) {
          const form = page.getByRole("form", { name: "Job application form" });
          await form.getByLabel("First name").fill("Priya");
          await form.getByLabel("Last name").fill("Raman");
          await form.getByLabel("Email").fill("priya.raman@northwind-logistics.co.uk");
          await form.getByLabel("Phone").fill("12345");
          await form.getByLabel("Resume").setInputFiles({ name: "cv.pdf", mimeType: "application/pdf", buffer: pdf });
          await form.getByRole("button", { name: "Submit Application" }).click();
          await page.waitForLoadState();
          await page.screenshot({ path: `${out}/returned-${name}.png`, fullPage: true });
        }
        if (errors.length) console.log(name, errors);
        await context.close();
      }
    }
  }
} finally {
  await browser.close();
  server.stop();
}
