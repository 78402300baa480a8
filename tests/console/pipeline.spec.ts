/**
 * A pipeline per role (issue 26), as HR works it: sixty applications from people with accented
 * names over three roles and their stages (and some sent without a role), one address applying
 * twice in two spellings. HR opens Hiring, follows a count to the filtered inbox, opens an
 * application, moves with Next and Previous by keyboard, opens the candidate's page and a role's
 * view, at 375 and 1280 px, in the light and the dark scheme.
 */
import { expect, test, type Page } from "@playwright/test";
import { check, database, signedIn } from "./helpers";

const firstNames = ["Zoë", "Siobhán", "Łukasz", "Anaïs", "Jürgen", "Ngọc", "Søren", "Antonín", "Björk", "Mónica"];
const lastNames = ["Núñez", "Ó Briain", "Wróbel", "Lefèvre", "Größer", "Nguyễn", "Ærø", "Kováč", "Dvořák", "Peña"];

const devops = "devops-engineer-bengaluru";
const cloud = "cloud-architect-san-francisco";
const qa = "qa-engineer-sydney";

/** The pipeline each role gets, stage by stage (60 applications in all with the six without a role). */
const plan: [role: string | null, position: string, stages: Record<string, number>][] = [
  [devops, "DevOps Engineer", { new: 8, reviewing: 5, interview: 4, shortlisted: 3, "not selected": 3, hired: 1 }],
  [cloud, "Cloud Architect", { new: 6, reviewing: 4, interview: 3, "not selected": 5 }],
  [qa, "QA Engineer", { new: 4, reviewing: 3, shortlisted: 2, "not selected": 3 }],
  [null, "DevOps Engineer", { new: 4, reviewing: 2 }],
];

interface Row {
  name: string;
  reference: string;
  role: string | null;
  status: string;
  email: string;
}
const rows: Row[] = [];

/** Name of the i-th applicant, accented and unique. */
const nameOf = (i: number) => `${firstNames[i % 10]} ${lastNames[Math.floor(i / 10) % 10]} ${i}`;

test.beforeAll(() => {
  const db = database();
  const insert = db.prepare(
    `insert or ignore into submissions (kind, reference, first_name, last_name, email, phone, position, message, ip,
       user_agent, spam, spam_verdict, selected, created_at, status, role)
     values ('application', @reference, @first, @last, @email, '+442079460958', @position,
       'Six years of running Kubernetes platforms for payment companies.', '192.0.2.44', 'Mozilla/5.0',
       @spam, @verdict, 0, @at, @status, @role)`,
  );
  db.transaction(() => {
    let i = 0;
    for (const [role, position, stages] of plan) {
      for (const [status, n] of Object.entries(stages)) {
        for (let k = 0; k < n; k++, i++) {
          const [first, ...last] = nameOf(i).split(" ");
          // The second and the thirty-first applicant (the DevOps and the cloud role) are one person, the address typed in two cases.
          const email =
            i === 1
              ? "Siobhan.OBriain@Example.ie"
              : i === 30
                ? "siobhan.obriain@example.ie"
                : `pipeline.${i}@example.com`;
          const row = { name: nameOf(i), reference: `APP-2026-8${String(i).padStart(5, "0")}`, role, status, email };
          rows.push(row);
          insert.run({
            reference: row.reference,
            first,
            last: last.join(" "),
            email,
            position,
            spam: 0,
            verdict: null,
            at: new Date(Date.UTC(2019, 3, 1, 9, i)).toISOString(),
            status,
            role,
          });
        }
      }
    }
    // Held for review: counted nowhere, listed nowhere.
    insert.run({
      reference: "APP-2026-899999",
      first: "Held",
      last: "Forreview",
      email: "held@example.com",
      position: "DevOps Engineer",
      spam: 1,
      verdict: "review",
      at: new Date(Date.UTC(2019, 3, 2)).toISOString(),
      status: "new",
      role: devops,
    });
  })();
  db.close();
  expect(rows).toHaveLength(60);
});

// Four screens looked at in two widths and two schemes each (axe included): more than the default minute.
test.describe.configure({ timeout: 240_000 });

/** Previous and Next come a moment after the page: waited for before moving to them by keyboard. */
async function linksShown(page: Page) {
  await expect(page.getByRole("navigation", { name: "Applications in this view" })).toBeVisible();
}

/** Both widths, light and dark: a screenshot each to look at, axe and no sideways scroll. */
async function look(page: Page, name: string) {
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const width of [375, 1280]) await check(page, `${name}-${scheme}`, width);
  }
  await page.emulateMedia({ colorScheme: "light" });
}

test("HR follows a count from Hiring to the filtered inbox, moves between applicants by keyboard and opens the candidate", async ({
  context,
}) => {
  const { page } = await signedIn(context, "hr", "Hana Pipeline");
  await page.getByRole("link", { name: "Hiring", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Hiring" })).toBeFocused();
  const devopsLine = page
    .getByRole("row")
    .filter({ has: page.getByRole("link", { name: "DevOps Engineer (Kubernetes)" }) });
  // Counted per stage from the role's applications; the one held for review is not among them.
  await expect(devopsLine.getByRole("cell")).toHaveText(["8", "5", "4", "3", "0", "3", "1", "24"]);
  const withoutRole = page
    .getByRole("table", { name: /without a role/ })
    .getByRole("row")
    .filter({ hasText: "DevOps Engineer" });
  await expect(withoutRole.getByRole("cell").first()).toHaveText("4");
  await look(page, "pipeline-hiring");

  // The count of new DevOps applicants, by keyboard: the inbox filtered by that role and stage.
  const newOnes = devopsLine.getByRole("link", { name: "8 applications: DevOps Engineer (Kubernetes), new" });
  await newOnes.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: "Inbox" })).toBeVisible();
  expect(new URL(page.url()).search).toBe(`?kind=application&status=new&role=${devops}`);
  await expect(page.getByLabel("Role")).toHaveValue(devops);
  await expect(page.getByLabel("Status")).toHaveValue("new");
  const listed = page.getByRole("table").getByRole("row");
  await expect(listed).toHaveCount(9);
  // Newest first: the eighth new applicant (index 7) heads the list.
  const newest = rows.filter((r) => r.role === devops && r.status === "new").reverse();
  await expect(listed.nth(1)).toContainText(newest[0]!.name);
  await look(page, "pipeline-inbox-role");

  // A search by position finds them too, and stays out of the address.
  await page.getByLabel("Search").fill("DévOps");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(listed).toHaveCount(9);
  expect(page.url()).not.toContain("vOps");

  // The second newest, by keyboard; then Next and Previous, by keyboard too.
  await page.getByRole("link", { name: newest[1]!.name }).focus();
  await page.keyboard.press("Enter");
  const heading = (r: Row) => page.getByRole("heading", { level: 1, name: `Application ${r.reference}` });
  await expect(heading(newest[1]!)).toBeFocused();
  await linksShown(page);
  await expect(page.getByText("Role applied for").locator("..")).toContainText("DevOps Engineer (Kubernetes)");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Previous application" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Next application" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(heading(newest[2]!)).toBeFocused();
  expect(page.url()).not.toContain("vOps");
  await linksShown(page);
  await look(page, "pipeline-application");
  await heading(newest[2]!).focus();
  await page.keyboard.press("Tab");
  await page.keyboard.press("Enter");
  await expect(heading(newest[1]!)).toBeFocused();
  await linksShown(page);
  await page.keyboard.press("Tab");
  await page.keyboard.press("Enter");
  await expect(heading(newest[0]!)).toBeFocused();
  // The newest has nothing before it in this view.
  await expect(page.getByRole("link", { name: "Previous application" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Next application" })).toBeVisible();

  // Back in the inbox: the filters as they were (the address), the search too (the history entry).
  for (let i = 0; i < 4; i++) await page.goBack();
  await expect(page.getByRole("heading", { level: 1, name: "Inbox" })).toBeVisible();
  await expect(page.getByLabel("Role")).toHaveValue(devops);
  await expect(page.getByLabel("Search")).toHaveValue("DévOps");

  // The person who applied twice: both applications on one page, whatever the address's case.
  const siobhan = rows[1]!;
  await page.getByLabel("Search").fill("");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await page.getByRole("link", { name: siobhan.name }).click();
  await expect(heading(siobhan)).toBeFocused();
  await page.getByRole("link", { name: /Every application from/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: siobhan.name })).toBeFocused();
  expect(page.url()).toMatch(/\/admin\/submissions\/\d+\/candidate$/);
  const theirs = page.getByRole("table").getByRole("row");
  await expect(theirs).toHaveCount(3);
  await expect(theirs.nth(1)).toContainText(rows[30]!.reference);
  await expect(theirs.nth(1)).toContainText("Cloud Architect (AWS)");
  await expect(theirs.nth(2)).toContainText(siobhan.reference);
  await look(page, "pipeline-candidate");
});

test("a role's view lists its applicants by stage, and Next follows that view", async ({ context }) => {
  const { page } = await signedIn(context, "hr", "Hana Roles");
  await page.getByRole("link", { name: "Hiring", exact: true }).click();
  await page.getByRole("link", { name: "QA Automation Engineer", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "QA Automation Engineer" })).toBeFocused();
  const qaRows = rows.filter((r) => r.role === qa);
  for (const [stage, n] of [
    ["new", 4],
    ["reviewing", 3],
    ["interview", 0],
    ["shortlisted", 2],
    ["offer", 0],
    ["not selected", 3],
    ["hired", 0],
  ] as const) {
    await expect(page.getByRole("heading", { level: 2, name: `${stage} (${n})` })).toBeVisible();
  }
  await look(page, "pipeline-role");
  // The last new applicant (the oldest), then Next: the newest of "reviewing".
  const oldestNew = qaRows.filter((r) => r.status === "new")[0]!;
  const newestReviewing = qaRows.filter((r) => r.status === "reviewing").at(-1)!;
  await page.getByRole("link", { name: oldestNew.name }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Application ${oldestNew.reference}` })).toBeFocused();
  await page.getByRole("link", { name: "Next application" }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Application ${newestReviewing.reference}` })).toBeFocused();
  // And back to the view it came from.
  await page.getByRole("link", { name: "Back to the role" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "QA Automation Engineer" })).toBeFocused();
});
