/** What the console's browser tests share: invitations from the real CLI, virtual authenticators, submissions. */
import AxeBuilder from "@axe-core/playwright";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { expect, type APIRequestContext, type BrowserContext, type Page } from "@playwright/test";
import type { Challenge } from "altcha-lib";
import type { StaffRole } from "../../contracts/staff/permissions";
import { solve } from "../../server/test-support/spam-proof";

export const dataDir = process.env.CONSOLE_E2E_DATA_DIR!;
/** The console's origin (playwright.console.config.ts): the invitation links point there. */
export const origin = `http://localhost:${process.env.E2E_PORT ?? 4173}`;

/**
 * `npm run admin -- …` against the server's database: the built CLI (build/server/cli.js, beside
 * the server the suite runs), on this Node, as production runs it. Not `npx tsx` on the sources:
 * that took 2-4 s a call on a loaded machine, and the suite makes about 60.
 */
export function admin(args: string[], env: Record<string, string> = {}): string {
  return execFileSync(process.execPath, ["--enable-source-maps", "build/server/cli.js", ...args], {
    env: { ...process.env, DATA_DIR: dataDir, SITE_URL: origin, LOG_LEVEL: "silent", ...env },
    encoding: "utf8",
  });
}

/** `npm run admin -- invite …`; returns the link, its last line. */
export function invite(email: string, role: StaffRole, name: string): string {
  const out = admin(["invite", "--email", email, "--role", role, "--name", name]);
  const link = out.trim().split("\n").at(-1)!;
  expect(link).toMatch(/\/admin\/invitation#[\w-]{43}$/);
  return link;
}

/** The server's SQLite file, for what a test must arrange that time would (an expired link). */
export function database() {
  return new SQLite(path.join(dataDir, "site.db"));
}

/**
 * A platform authenticator with user verification, through the DevTools protocol. It belongs to
 * this page only; `copyCredentials` gives another page the same passkeys.
 */
export async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    cdp,
    authenticatorId,
    credentials: async () => (await cdp.send("WebAuthn.getCredentials", { authenticatorId })).credentials,
  };
}

export async function copyCredentials(from: Awaited<ReturnType<typeof virtualAuthenticator>>, to: Page) {
  const target = await virtualAuthenticator(to);
  for (const credential of await from.credentials()) {
    await target.cdp.send("WebAuthn.addCredential", { authenticatorId: target.authenticatorId, credential });
  }
  return target;
}

/** Opens an invitation, creates the passkey and lands signed in on the first page (the inbox; marketing's dashboard). */
export async function acceptInvitation(page: Page, link: string, landing = "Inbox") {
  const authenticator = await virtualAuthenticator(page);
  await page.goto(link);
  await page.getByRole("button", { name: "Create passkey" }).click();
  await expect(page.getByRole("heading", { level: 1, name: landing })).toBeVisible();
  return authenticator;
}

/** A signed-in page for a new person of this role. */
export async function signedIn(context: BrowserContext, role: StaffRole, name: string, landing = "Inbox") {
  const page = await context.newPage();
  const email = `${name.toLowerCase().replace(/\W+/g, ".")}.${Date.now()}@altivacloud.com`;
  const authenticator = await acceptInvitation(page, invite(email, role, name), landing);
  return { page, authenticator, email };
}

export function pdfBytes(marker = ""): Buffer {
  return Buffer.from(`%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n% ${marker}\ntrailer << /Root 1 0 R >>\n%%EOF\n`);
}

/**
 * The proof of work the site's forms compute (the server's challenge, solved), so a test's
 * submission reaches the inbox as a person's does; without it a script's submission is
 * quarantined, and only admins see it, on the Quarantine pages.
 */
export async function proofOfWork(request: APIRequestContext): Promise<string> {
  const challenge = await request.get("/api/spam-proof/challenge");
  expect(challenge.status()).toBe(200);
  return solve((await challenge.json()) as Challenge);
}

/**
 * A real application through the public API; returns its application number. `asScript` leaves
 * out the proof of work (quarantined as spam).
 */
export async function apply(
  request: APIRequestContext,
  person: { firstName: string; lastName: string; email: string; message?: string },
  resume = pdfBytes(),
  { asScript = false } = {},
): Promise<string> {
  const altcha = asScript ? undefined : await proofOfWork(request);
  const res = await request.post("/api/job-application/apply", {
    headers: { "X-Requested-With": "XMLHttpRequest" },
    multipart: {
      firstName: person.firstName,
      lastName: person.lastName,
      email: person.email,
      phone: "4155550199",
      position: "Backend Developer",
      message: person.message ?? "I have built payment APIs in Node.js and Python for six years.",
      agree: "true",
      resume: { name: "my cv.pdf", mimeType: "application/pdf", buffer: resume },
      ...(altcha ? { altcha } : {}),
    },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { data: string }).data;
}

/** A real enquiry through the public API; `asScript` leaves out the proof of work (quarantined as spam). */
export async function enquire(
  request: APIRequestContext,
  person: { firstName: string; lastName: string; email: string },
  { asScript = false } = {},
) {
  const altcha = asScript ? undefined : await proofOfWork(request);
  const res = await request.post("/api/contact-us/create", {
    headers: { "X-Requested-With": "XMLHttpRequest" },
    data: {
      ...person,
      ...(altcha ? { altcha } : {}),
      phone: "4155550142",
      reason: "Cloud migration",
      message: "We want to move our billing platform to AWS this quarter.",
      agree: true,
    },
  });
  expect(res.status()).toBe(201);
}

const tags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];
const shots = path.resolve("reports/screenshots/console");

/** At this width: a screenshot in reports/screenshots/console/ to look at, axe finds nothing, nothing scrolls sideways. */
export async function check(page: Page, name: string, width: number) {
  await page.setViewportSize({ width, height: 900 });
  fs.mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: path.join(shots, `${name}-${width}.png`), fullPage: true });
  const result = await new AxeBuilder({ page }).withTags(tags).analyze();
  expect(
    result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
    name,
  ).toEqual([]);
  const sideways = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(sideways, `${name} scrolls sideways at ${width} px`).toBeLessThanOrEqual(0);
}
