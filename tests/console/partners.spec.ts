/**
 * A staff role added by one row (server/test-support/added-role.ts): "partners" reads enquiries
 * and nothing else. On a server given that table (partners-server.ts, its own port and
 * database), a partners person signs in with a passkey and their console is the inbox of
 * enquiries: no page, filter or control for applications, people or templates, and nothing that
 * changes an enquiry. The server's refusals are server/console/access.test.ts.
 */
import { expect, test, type APIRequestContext } from "@playwright/test";
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import { acceptInvitation, apply, check, enquire } from "./helpers";

const port = Number(process.env.E2E_PORT ?? 4173) + 1;
const origin = `http://localhost:${port}`;
const dataDir = `${process.env.CONSOLE_E2E_DATA_DIR}-partners`;

let server: ChildProcess;
let link: string;
let request: APIRequestContext;

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(90_000);
  server = spawn(process.execPath, ["--import", "tsx", "tests/console/partners-server.ts"], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      SITE_URL: origin,
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      RATE_LIMIT_MAX: "0",
      SPAM_MIN_SECONDS: "0",
      ADMIN_SIGN_IN_RATE_MAX: "10000",
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  // Its one line: the invitation, printed once it listens.
  link = await new Promise<string>((resolve, reject) => {
    let out = "";
    server.stdout!.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const line = /http:\/\/\S+\/admin\/invitation#[\w-]{43}/.exec(out);
      if (line) resolve(line[0]);
    });
    server.once("exit", (code) => reject(new Error(`the partners server stopped (${code})`)));
  });
  request = await playwright.request.newContext({ baseURL: origin });
});

test.afterAll(async () => {
  await request?.dispose();
  server?.kill("SIGTERM");
  fs.rmSync(dataDir, { recursive: true, force: true });
});

test("a partners person's console is the inbox of enquiries, with no control for applications, people or templates", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const tag = String(Date.now()).slice(-6);
  await enquire(request, { firstName: "Odile", lastName: "Enquirer", email: `odile.${tag}@example.com` });
  await apply(request, { firstName: "Casimir", lastName: "Candidate", email: `casimir.${tag}@example.com` });

  await acceptInvitation(page, link);
  await expect(page.getByText("Mina Partner · Partners")).toBeVisible();

  // The menu is the inbox alone: no Roles, Hiring, Due for deletion, People, E-mail templates, Positions.
  const menu = page.getByRole("navigation", { name: "Console" }).getByRole("link");
  await expect(menu).toHaveText(["Inbox"]);

  // The enquiry is listed, the application is not; no kind, role or position filter, no views, no export.
  const rows = page.getByRole("table").getByRole("row");
  await expect(rows.filter({ hasText: "Odile Enquirer" })).toHaveCount(1);
  await expect(rows.filter({ hasText: "Casimir Candidate" })).toHaveCount(0);
  await expect(page.getByLabel("Kind")).toHaveCount(0);
  await expect(page.getByLabel("Role", { exact: true })).toHaveCount(0);
  await expect(page.getByLabel("Position")).toHaveCount(0);
  await expect(page.getByRole("navigation", { name: "Views" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: /Export/ })).toHaveCount(0);
  await check(page, "partners-inbox", 375);
  await page.setViewportSize({ width: 1280, height: 900 });

  // The enquiry reads in full; nothing on it changes it, replies to it or erases it.
  await rows.filter({ hasText: "Odile Enquirer" }).getByRole("link").first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Enquiry from Odile Enquirer" })).toBeVisible();
  await expect(page.getByText(`odile.${tag}@example.com`, { exact: true })).toBeVisible();
  for (const control of ["Save status", "Add note", "Assign", "Erase what your role holds", "Erase this person"]) {
    await expect(page.getByRole("button", { name: control, exact: true }), control).toHaveCount(0);
  }
  await expect(page.getByRole("heading", { name: /^Reply to/ })).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Erasure" })).toHaveCount(0);

  // The pages of applications, people and templates are not theirs, by address either.
  for (const path of ["/admin/hiring", "/admin/roles", "/admin/people", "/admin/templates", "/admin/due"]) {
    await page.goto(`${origin}${path}`);
    await expect(page.getByRole("heading", { level: 1, name: "Page not found" }), path).toBeVisible();
  }
});
