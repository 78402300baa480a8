/**
 * The careers pages from the database (issue 26), on SQLite and PostgreSQL: a role published in
 * job_roles is listed on /career and has its page with exactly one JobPosting, and its sitemap
 * entry; closed, or past its last day by the injected clock, its page answers 410 and it leaves
 * the list and the sitemap; a second server on the same database sees a change within the stamp
 * period; and nothing of this writes to the build folder. The site is built here as
 * `react-router build` makes it (server/test-support/site-build.ts); the server renders the pages
 * through its server bundle.
 */
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { firstRoles, type FirstRole } from "../../contracts/careers/first-roles";
import { applyingForLine, roleField } from "../../contracts/careers/applied-role";
import { applicationMessages, applicationPath } from "../../contracts/index";
import { contactPath } from "../../contracts/forms/contact";
import { feedbackPath } from "../../contracts/forms/feedback";
import { successMessages } from "../../contracts/success";
import type { AnswerPages } from "../forms/answer-pages";
import { confirmationPaths } from "../forms/browser-answers";
import { buildApp } from "../app";
import { roleRow } from "../postings/job-roles";
import { backends, useBackend } from "../test-support/backends";
import {
  applicationParts,
  multipart,
  pdf,
  validApplicationFields,
  validContact,
  validFeedback,
} from "../test-support/fixtures";
import { useSiteBuild } from "../test-support/site-build";
import { inlineScriptHashes, sheetName } from "../render/post-render";

type App = Awaited<ReturnType<typeof buildApp>>;

/** The site as `react-router build` makes it: the careers routes rendered per request by its server bundle. */
const { root, client, build: buildOnce } = useSiteBuild();

/** Every file of the build folder with its modification time: what no request may change. */
function buildFolderState(): Record<string, number> {
  const out: Record<string, number> = {};
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else out[path.relative(root, full)] = fs.statSync(full).mtimeMs;
    }
    out[path.relative(root, dir) || "."] = fs.statSync(dir).mtimeMs;
  };
  walk(root);
  return out;
}

const noAnswerPages: AnswerPages = { invalid: () => "", success: () => "", apiOrigins: [] };

interface Posting {
  "@type": string;
  [field: string]: unknown;
}

function postingsIn(html: string): Posting[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)]
    .map((m) => JSON.parse(m[1]!) as Posting)
    .filter((d) => d["@type"] === "JobPosting");
}

/** Width and height from a PNG's IHDR chunk (after the 8-byte signature and the chunk's length and type). */
function pngSize(png: Buffer) {
  expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

/** A meta tag's content in a rendered head (`property` or `name`), its entities decoded. */
const metaIn = (html: string, key: string) =>
  html
    .match(new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`))?.[1]
    ?.replace(/&amp;/g, "&")
    .replace(/&#x27;/g, "'");

const listedTitles = (html: string) =>
  [...html.matchAll(/<h3 class="h5 mb-1">([^<]*)<\/h3>/g)].map((m) => m[1]!.replace(/&amp;/g, "&"));

/** A role HR has just published: two offices, a salary, posted on 1 December 2026, open to 31 January 2027. */
const platformRole: FirstRole = {
  slug: "platform-engineer-london",
  title: "Platform Engineer (Go & Kubernetes)",
  position: "DevOps Engineer",
  offices: ["London", "Bengaluru"],
  employmentType: "FULL_TIME",
  workplace: "hybrid",
  salary: { min: 75000, max: 90000, currency: "GBP", period: "YEAR" },
  description: `Build the internal platform our client teams deploy to: Go services, Kubernetes operators and the paved road around them.

## What you will do
- Write and run Go services and Kubernetes operators.
- Keep the paved road paved: templates, CI and documentation.

## What you bring
- Four or more years of Go in production.`,
  datePosted: "2026-12-01",
  validThrough: "2027-01-31",
  state: "published",
};

describe.each(backends)("careers pages from the database on %s", (backend) => {
  const env = useBackend(backend, { BUILD_DIR: client });
  /** The injected clock both servers read: moved by the tests, never today's date. */
  let clock = new Date("2026-12-02T10:00:00Z");
  const now = () => clock;
  const stampEvery = 5_000;
  let app: App;
  let second: App;
  let before: Record<string, number>;

  beforeAll(async () => {
    await buildOnce();
    before = buildFolderState();
    const deps = { now, answerPages: noAnswerPages, careersStampEvery: stampEvery };
    app = await buildApp(env.config, deps);
    // A second instance with its own connection to the same database (as a second host would have).
    second = await buildApp(env.config, deps);
  }, 180_000);
  afterAll(async () => {
    await app?.close();
    await second?.close();
  });

  const get = (server: App, url: string) => server.inject({ method: "GET", url });
  /** Moves the clock past the stamp period: what a change may take to show everywhere. */
  const wait = (ms = stampEvery) => (clock = new Date(clock.getTime() + ms));

  it("lists today's open roles on /career, with the count and no JobPosting at all", async () => {
    const res = await get(app, "/career");
    expect(res.statusCode).toBe(200);
    // Each inline script of the page as served is allowed by its own CSP (post-render.ts hashed them).
    for (const hash of inlineScriptHashes(res.body)) expect(res.headers["content-security-policy"]).toContain(hash);
    const open = firstRoles.filter((r) => r.datePosted <= "2026-12-02" && "2026-12-02" <= r.validThrough);
    expect(listedTitles(res.body).sort()).toEqual(open.map((r) => r.title).sort());
    expect(res.body).toContain(`${open.length} roles open now`);
    expect(postingsIn(res.body)).toEqual([]);
    expect(res.body).not.toContain("JobPosting");
    // The page's data travels with it, for hydration.
    expect(res.body).toMatch(/<script type="application\/json" id="careers-data">\{"kind":"list"/);
  });

  it("links the page's own sheet (decision 085), sent from memory: named for its bytes, immutable, brotli when asked", async () => {
    const page = await get(app, "/career");
    const links = [...page.body.matchAll(/<link rel="stylesheet" href="([^"]+)"\/>/g)].map((m) => m[1]!);
    expect(links).toHaveLength(1);
    const url = links[0]!;
    expect(url).toMatch(/^\/assets\/page-[\w-]{10}\.css$/);
    // The page's rules, not inline: its only <style> elements are the fallback faces' and the theme's.
    expect(page.body).not.toMatch(/<style>[^<]{4000,}<\/style>/);

    const plain = await app.inject({ method: "GET", url, headers: { "accept-encoding": "identity" } });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers["content-type"]).toBe("text/css; charset=utf-8");
    expect(plain.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(`/assets/${sheetName("page", plain.body)}`).toBe(url);
    // The rules of the page's own markup are in it: the list of roles' heading, the header.
    expect(plain.body).toContain(".site-header");
    const br = await app.inject({ method: "GET", url, headers: { "accept-encoding": "br, gzip" } });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(zlib.brotliDecompressSync(br.rawPayload).toString("utf8")).toBe(plain.body);

    // The second instance renders the same page into the same sheet, under the same name.
    const there = await get(second, "/career");
    expect(there.body).toContain(`<link rel="stylesheet" href="${url}"/>`);
    expect((await get(second, url)).body).toBe(plain.body);
  });

  it("answers a page's sheet it does not hold with the whole stylesheet, uncached, and nothing else under that name", async () => {
    // As a third instance would for a page the first rendered, or this one after a restart.
    const missing = await get(app, "/assets/page-AAAAAAAAAA.css");
    expect(missing.statusCode).toBe(302);
    expect(missing.headers["cache-control"]).toBe("no-cache");
    const whole = missing.headers.location as string;
    expect(whole).toMatch(/^\/assets\/root-[\w-]+\.css$/);
    expect(fs.existsSync(path.join(client, whole))).toBe(true);
    expect((await get(app, whole)).statusCode).toBe(200);
    // A name outside the sheets' form is no sheet: not found, not the stylesheet.
    for (const url of ["/assets/page-%2e%2e%2fx.css", "/assets/page-A.css", "/assets/page-AAAAAAAAAA.css/x"])
      expect((await get(app, url)).statusCode, url).toBe(404);
  });

  it("publishes a role from the database: listed, its page with one complete JobPosting, in the sitemap", async () => {
    await app.storage.db.insertInto("job_roles").values(roleRow(platformRole, "2026-12-02T10:00:00.000Z")).execute();
    wait();
    const list = await get(app, "/career");
    expect(listedTitles(list.body)).toContain(platformRole.title);
    expect(list.body).toContain(`href="/career/${platformRole.slug}"`);

    const page = await get(app, `/career/${platformRole.slug}`);
    expect(page.statusCode).toBe(200);
    for (const hash of inlineScriptHashes(page.body)) expect(page.headers["content-security-policy"]).toContain(hash);
    expect(page.body).toContain("<h1>Platform Engineer (Go &amp; Kubernetes)</h1>");
    expect(page.body).toContain('<section id="apply"');
    expect(page.body).toContain(
      `<title>Platform Engineer (Go &amp; Kubernetes), London / Bengaluru | Altiva Cloud</title>`,
    );
    expect(page.body).toContain(
      `<link rel="canonical" href="https://www.altivacloud.com/career/${platformRole.slug}"/>`,
    );
    const postings = postingsIn(page.body);
    expect(postings).toHaveLength(1);
    const posting = postings[0]!;
    expect(posting).toMatchObject({
      "@context": "https://schema.org",
      title: platformRole.title,
      identifier: { "@type": "PropertyValue", value: platformRole.slug },
      employmentType: "FULL_TIME",
      datePosted: "2026-12-01",
      validThrough: "2027-01-31T23:59:59Z",
      hiringOrganization: { "@type": "Organization", name: "Altiva Cloud Technologies" },
      baseSalary: {
        "@type": "MonetaryAmount",
        currency: "GBP",
        value: { "@type": "QuantitativeValue", minValue: 75000, maxValue: 90000, unitText: "YEAR" },
      },
      directApply: true,
      url: `https://www.altivacloud.com/career/${platformRole.slug}`,
    });
    // The full description, as HTML, and one place of work per office with its postal address.
    expect(posting.description).toContain("<h2>What you bring</h2>");
    expect(posting.description).toContain("<li>Four or more years of Go in production.</li>");
    const places = posting.jobLocation as { "@type": string; address: Record<string, string> }[];
    expect(places.map((p) => p.address.addressLocality)).toEqual(["London", "Bengaluru"]);
    for (const place of places) {
      expect(place["@type"]).toBe("Place");
      expect(place.address["@type"]).toBe("PostalAddress");
      for (const field of ["streetAddress", "postalCode", "addressCountry"]) expect(place.address[field]).toBeTruthy();
    }

    const sitemap = await get(app, "/sitemap.xml");
    expect(sitemap.headers["content-type"]).toContain("application/xml");
    expect(sitemap.body).toContain(
      `<url><loc>https://www.altivacloud.com/career/${platformRole.slug}</loc><lastmod>2026-12-02</lastmod></url>`,
    );
    expect(sitemap.body).toContain("<loc>https://www.altivacloud.com/career</loc>");
  });

  it("shows the change on a second server on the same database within the stamp period", async () => {
    await get(second, "/career"); // the second server has read the stamp and cached its pages
    await app.storage.db
      .updateTable("job_roles")
      .set({ title: "Platform Engineer (Go)", updated_at: "2026-12-02T11:00:00.000Z" })
      .where("slug", "=", platformRole.slug)
      .execute();
    wait();
    expect(listedTitles((await get(second, "/career")).body)).toContain("Platform Engineer (Go)");
    expect((await get(second, `/career/${platformRole.slug}`)).body).toContain("<h1>Platform Engineer (Go)</h1>");
  });

  it("filters by office and type from the address; values that are not choices are ignored", async () => {
    const london = await get(app, "/career?office=London");
    expect(listedTitles(london.body)).toEqual(
      expect.arrayContaining(["Platform Engineer (Go)", "Senior React Developer"]),
    );
    expect(listedTitles(london.body)).not.toContain("QA Automation Engineer");
    expect(london.body).toContain('<option value="London" selected="">London</option>');
    const contract = await get(app, "/career?type=CONTRACTOR");
    expect(listedTitles(contract.body)).toEqual(["QA Automation Engineer"]);
    const unknown = await get(app, "/career?office=%3Cscript%3Ealert(1)%3C%2Fscript%3E&type=ceo%40example.com");
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).not.toMatch(/alert\(1\)|ceo@example/);
    expect(listedTitles(unknown.body)).toEqual(listedTitles((await get(app, "/career")).body));
  });

  it("draws an open role's own share picture at its page's og:image, and draws it again when HR edits the title", async () => {
    const page = await get(app, `/career/${platformRole.slug}`);
    const image = new URL(metaIn(page.body, "og:image")!);
    expect(image.pathname).toBe(`/og/career/${platformRole.slug}.png`);
    expect(metaIn(page.body, "og:image:alt")).toBe(
      "Careers: Platform Engineer (Go), London / Bengaluru. Altiva Cloud Technologies",
    );
    const picture = await get(app, image.pathname);
    expect(picture.statusCode).toBe(200);
    expect(picture.headers["content-type"]).toBe("image/png");
    expect(picture.headers["cache-control"]).toBe("public, max-age=3600");
    expect(picture.headers["x-content-type-options"]).toBe("nosniff");
    expect(pngSize(picture.rawPayload)).toEqual({ width: 1200, height: 630 });
    // The same picture from every instance, so a crawler meets one; another role's is another.
    expect((await get(second, image.pathname)).rawPayload.equals(picture.rawPayload)).toBe(true);
    const other = await get(app, "/og/career/devops-engineer-bengaluru.png");
    expect(other.statusCode).toBe(200);
    expect(other.rawPayload.equals(picture.rawPayload)).toBe(false);
    // Asked again with its ETag: not sent again.
    const again = await app.inject({
      method: "GET",
      url: image.pathname,
      headers: { "if-none-match": String(picture.headers.etag) },
    });
    expect(again.statusCode).toBe(304);

    await app.storage.db
      .updateTable("job_roles")
      .set({ title: "Platform Engineer (Go and Rust)", updated_at: "2026-12-02T11:30:00.000Z" })
      .where("slug", "=", platformRole.slug)
      .execute();
    wait();
    const edited = await get(second, image.pathname);
    expect(edited.statusCode).toBe(200);
    expect(edited.headers.etag).not.toBe(picture.headers.etag);
    expect(edited.rawPayload.equals(picture.rawPayload)).toBe(false);
  });

  it("has no picture for a draft, a role not yet posted, a made-up slug or any other name (404)", async () => {
    await app.storage.db
      .insertInto("job_roles")
      .values([
        roleRow(
          { ...platformRole, slug: "draft-picture-london", title: "Secret Reorganisation Lead", state: "draft" },
          "2026-12-02T11:40:00.000Z",
        ),
        roleRow(
          { ...platformRole, slug: "future-picture-london", datePosted: "2027-06-01", validThrough: "2027-07-01" },
          "2026-12-02T11:40:00.000Z",
        ),
      ])
      .execute();
    wait();
    for (const url of [
      "/og/career/draft-picture-london.png",
      "/og/career/future-picture-london.png",
      "/og/career/no-such-role.png",
      "/og/career/_role.png",
      "/og/career/UPPER.png",
      `/og/career/${platformRole.slug}`,
      `/og/career/${platformRole.slug}.jpg`,
      `/og/career/${platformRole.slug}.png.png`,
      "/og/career/..%2F..%2Fpackage.json",
    ]) {
      const res = await get(app, url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers["content-type"], url).toBe("text/html; charset=utf-8");
      expect(res.body, url).toContain("Page not found");
      expect(res.body, url).not.toContain("Secret Reorganisation");
    }
  });

  it("answers 410 with a short page once the role is closed, and drops it from the list and the sitemap", async () => {
    await app.storage.db
      .updateTable("job_roles")
      .set({ state: "closed", updated_at: "2026-12-02T12:00:00.000Z" })
      .where("slug", "=", platformRole.slug)
      .execute();
    wait();
    for (const server of [app, second]) {
      const page = await get(server, `/career/${platformRole.slug}`);
      expect(page.statusCode).toBe(410);
      expect(page.headers["x-robots-tag"]).toBe("noindex");
      expect(page.body).toContain("<h1>This role is no longer open</h1>");
      expect(page.body).toContain('<meta name="robots" content="noindex"/>');
      expect(page.body).toContain('href="/career"');
      expect(postingsIn(page.body)).toEqual([]);
      expect(listedTitles((await get(server, "/career")).body)).not.toContain("Platform Engineer (Go)");
      expect((await get(server, "/sitemap.xml")).body).not.toContain(platformRole.slug);
      expect((await get(server, `/og/career/${platformRole.slug}.png`)).statusCode).toBe(404);
    }
  });

  it("answers 410 for a role past its last day by the clock, decided at request time", async () => {
    const role = firstRoles.find((r) => r.slug === "devops-engineer-bengaluru")!;
    expect((await get(app, `/career/${role.slug}`)).statusCode).toBe(200);
    clock = new Date(`${role.validThrough}T23:59:59Z`);
    expect((await get(app, `/career/${role.slug}`)).statusCode).toBe(200);
    clock = new Date(Date.parse(`${role.validThrough}T00:00:00Z`) + 86_400_000);
    const gone = await get(app, `/career/${role.slug}`);
    expect(gone.statusCode).toBe(410);
    expect(listedTitles((await get(app, "/career")).body)).not.toContain(role.title);
    expect((await get(app, "/sitemap.xml")).body).not.toContain(role.slug);
  });

  it("does not know drafts, roles not yet posted, made-up slugs or the template's own address (404)", async () => {
    await app.storage.db
      .insertInto("job_roles")
      .values([
        roleRow({ ...platformRole, slug: "draft-role-london", state: "draft" }, "2026-12-02T13:00:00.000Z"),
        roleRow(
          { ...platformRole, slug: "future-role-london", datePosted: "2027-06-01", validThrough: "2027-07-01" },
          "2026-12-02T13:00:00.000Z",
        ),
      ])
      .execute();
    wait();
    for (const url of [
      "/career/draft-role-london",
      "/career/future-role-london",
      "/career/no-such-role",
      "/career/_role",
      "/career/UPPER",
    ]) {
      const res = await get(app, url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).toContain("Page not found");
      expect(res.body, url).not.toContain("Platform Engineer");
    }
    expect((await get(app, "/sitemap.xml")).body).not.toMatch(/draft-role|future-role/);
  });

  it("escapes what HR typed: a title with markup cannot leave its element or its script", async () => {
    const hostile = {
      ...platformRole,
      slug: "hostile-role-london",
      title: `QA </script><script>alert(1)</script> & <b>Lead</b>`,
      description: `Intro <img src=x onerror=alert(2)> [link](javascript:alert(3))\n\n## Work\n- Test things.`,
      datePosted: "2026-12-01",
    };
    await app.storage.db.insertInto("job_roles").values(roleRow(hostile, "2026-12-02T14:00:00.000Z")).execute();
    wait();
    for (const url of ["/career", `/career/${hostile.slug}`]) {
      const res = await get(app, url);
      expect(res.statusCode, url).toBe(200);
      const body = res.body;
      expect(body, url).toContain(
        "QA &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; &lt;b&gt;Lead&lt;/b&gt;",
      );
      // In the page's data and its JSON-LD, "<" is written \u003c: no "</script>" can end the block.
      expect(body, url).toContain("QA \\u003c/script>\\u003cscript>alert(1)\\u003c/script>");
      expect(body, url).not.toContain("<script>alert(1)</script>");
      expect(body, url).not.toContain("<b>Lead</b>");
      expect(body, url).not.toMatch(/<img src=x|href="javascript:/);
    }
  });

  it("never serves the role page's template at its file address: no sample role's JobPosting once it closed", async () => {
    // The template holds the build's sample role (the first of firstRoles) with its JobPosting;
    // the static plugin (wildcard) serves any file of the build folder, this one too, with 200.
    const sample = firstRoles[0]!;
    await app.storage.db
      .updateTable("job_roles")
      .set({ state: "closed", updated_at: "2026-12-02T14:00:00.000Z" })
      .where("slug", "=", sample.slug)
      .execute();
    wait();
    expect((await get(app, `/career/${sample.slug}`)).statusCode).toBe(410);
    const res = await get(app, "/career/_role/index.html");
    expect(postingsIn(res.body)).toEqual([]);
    expect(res.statusCode).toBe(404);
  });

  it("answers 500 for a role whose description cannot render, rendering and logging it once per change", async () => {
    const lines: string[] = [];
    const logStream = { write: (line: string) => void lines.push(line) };
    const deps = { now, answerPages: noAnswerPages, careersStampEvery: stampEvery, logStream };
    const logged = await buildApp({ ...env.config, logLevel: "error" }, deps);
    try {
      // Stored before saves were checked: 5,000 quotes deep, past what the renderer's stack holds.
      const broken = { ...platformRole, slug: "nested-role-london", description: `${">".repeat(5_000)} Deep.` };
      await app.storage.db.insertInto("job_roles").values(roleRow(broken, "2026-12-02T15:00:00.000Z")).execute();
      wait();
      expect((await get(logged, `/career/${broken.slug}`)).statusCode).toBe(500);
      expect(lines).toHaveLength(1);
      const again = await get(logged, `/career/${broken.slug}`);
      expect(again.statusCode).toBe(500);
      expect(lines).toHaveLength(1);
      expect(again.headers["content-type"]).toBe("text/html; charset=utf-8");
      await app.storage.db
        .updateTable("job_roles")
        .set({ state: "closed", updated_at: "2026-12-02T15:01:00.000Z" })
        .where("slug", "=", broken.slug)
        .execute();
    } finally {
      await logged.close();
    }
  });

  it("changes nothing in the build folder", () => {
    expect(buildFolderState()).toEqual(before);
  });
});

describe.each(backends)("applications answered without JavaScript on %s", (backend) => {
  const env = useBackend(backend, { BUILD_DIR: client, RATE_LIMIT_MAX: "0" });
  const clock = new Date("2026-12-02T10:00:00Z");
  const closed = firstRoles[0]!;
  let app: App;
  const logged: string[] = [];

  beforeAll(async () => {
    // The build has the other form pages too, small ones of our own (server/test-support/site-build.ts).
    await buildOnce();
    app = await buildApp(
      { ...env.config, logLevel: "error" },
      {
        now: () => clock,
        logStream: { write: (line) => void logged.push(line) },
      },
    );
    // One of the build's sample roles has closed since, and one the sample never had is open.
    await app.storage.db
      .updateTable("job_roles")
      .set({ state: "closed", updated_at: "2026-12-02T09:00:00.000Z" })
      .where("slug", "=", closed.slug)
      .execute();
    await app.storage.db.insertInto("job_roles").values(roleRow(platformRole, "2026-12-02T09:00:00.000Z")).execute();
  }, 240_000);
  afterAll(() => app?.close());

  // A browser's own post from the site (useBackend's SITE_URL).
  const browser = { "sec-fetch-mode": "navigate", "sec-fetch-dest": "document", origin: "https://www.altivacloud.com" };

  /** What every answer page keeps (decision 060): React's page of the form's route, and no script at all. */
  function expectAnswerPage(html: string, title: RegExp) {
    expect(html).not.toMatch(/<script|modulepreload|data-after-paint|<link[^>]*disabled/);
    // The stylesheet applies as a plain link: no script will switch it on.
    expect(html).toMatch(/<link rel="stylesheet" href="\/assets\/[^"]+\.css"\/>/);
    expect(/<title>([^<]*)<\/title>/.exec(html)?.[1]).toMatch(title);
    expect(html).toContain('<meta name="robots" content="noindex"/>');
    // The page around the answer is the site's: its header and footer.
    expect(html).toContain("Skip to main content");
    expect(html).toContain('data-island="site-header"');
  }

  it("answers each form on its own route, the form returned with its values and the summary", async () => {
    for (const [url, body, title] of [
      [contactPath, { ...validContact, email: "not-an-address", agree: "on" }, /^Error: Contact Us \| /],
      [feedbackPath, { ...validFeedback, email: "not-an-address", consent: "on" }, /^Error: Feedback \| /],
    ] as const) {
      const res = await app.inject({
        method: "POST",
        url,
        headers: { ...browser, "content-type": "application/x-www-form-urlencoded" },
        payload: new URLSearchParams(body).toString(),
      });
      expect(res.statusCode, url).toBe(400);
      expect(res.headers["content-security-policy"]).toContain("script-src 'none'");
      expectAnswerPage(res.body, title);
      expect(res.body).toMatch(/<div id="form-answer" class="alert alert-danger form-answer" role="alert"/);
      expect(res.body).toMatch(new RegExp(`<input[^>]*name="firstName"[^>]*value="${body.firstName}"`));
      expect(res.body).toMatch(/<a href="#[a-z-]+-email">/);
    }
  });

  it("answers each confirmation on its form's route, the application's on the careers page as it reads now", async () => {
    for (const [url, title, words] of [
      [confirmationPaths.contact, /^Message sent: Contact Us \| /, successMessages.contact],
      [confirmationPaths.feedback, /^Feedback sent: Feedback \| /, successMessages.feedback],
      [confirmationPaths.application, /^Application received: /, successMessages.application],
    ] as const) {
      const res = await app.inject({ method: "GET", url, headers: browser });
      expect(res.statusCode, url).toBe(200);
      expectAnswerPage(res.body, title);
      expect(res.body).toMatch(/<div id="form-answer" class="alert alert-success form-answer" role="status"/);
      expect(res.body).toContain(words);
    }
    const received = await app.inject({ method: "GET", url: confirmationPaths.application, headers: browser });
    expect(listedTitles(received.body)).toContain(platformRole.title);
    expect(listedTitles(received.body)).not.toContain(closed.title);
  });

  it("returns a refused application on the careers page as it reads now, not the build's sample", async () => {
    const { agree: _, ...withoutConsent } = validApplicationFields;
    const form = multipart(applicationParts(withoutConsent, { filename: "cv.pdf", data: pdf() }));
    const res = await app.inject({
      method: "POST",
      url: applicationPath,
      payload: form.payload,
      headers: { ...form.headers, ...browser },
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(applicationMessages.agree);
    expect(listedTitles(res.body)).toContain(platformRole.title);
    expect(listedTitles(res.body)).not.toContain(closed.title);
  });

  it("returns a form posted from a role whose page cannot render on the careers page, kept, logged once", async () => {
    // Stored before saves were checked: 5,000 quotes deep, past what the renderer's stack holds.
    const broken = {
      ...platformRole,
      slug: "nested-role-bengaluru",
      title: "Site Reliability Engineer",
      description: `${">".repeat(5_000)} Deep.`,
    };
    await app.storage.db.insertInto("job_roles").values(roleRow(broken, "2026-12-02T09:30:00.000Z")).execute();
    const { agree: _, ...withoutConsent } = validApplicationFields;
    const post = () => {
      const fields = { ...withoutConsent, firstName: "Returned", [roleField]: broken.slug };
      const form = multipart(applicationParts(fields, { filename: "cv.pdf", data: pdf() }));
      return app.inject({
        method: "POST",
        url: applicationPath,
        payload: form.payload,
        headers: { ...form.headers, ...browser },
      });
    };
    for (const attempt of [1, 2]) {
      const res = await post();
      expect(res.body).toContain("Your application has not been submitted yet");
      // Not received, and why: the field's message, the values typed, still for the role applied to.
      expect(res.statusCode, `attempt ${attempt}`).toBe(400);
      expect(res.body).toContain(applicationMessages.agree);
      expect(res.body).toMatch(/<input[^>]*name="firstName"[^>]*value="Returned"/);
      expect(res.body).toContain(applyingForLine(broken));
      expect(res.body).toContain(`<input type="hidden" name="${roleField}" value="${broken.slug}"/>`);
      // Around it the careers page as it reads now, where the form is, not the role's page.
      expect(listedTitles(res.body)).toContain(platformRole.title);
    }
    const said = logged.filter((line) => line.includes("a form posted from it is returned on /career"));
    expect(said).toHaveLength(1);
    expect(said[0]).toContain(broken.slug);
    // Nothing the candidate typed is in the log.
    expect(logged.join("")).not.toContain("Returned");
  });

  it("confirms an application on the careers page as it reads now", async () => {
    const res = await app.inject({ method: "GET", url: confirmationPaths.application });
    expect(res.statusCode).toBe(200);
    expect(listedTitles(res.body)).toContain(platformRole.title);
    expect(listedTitles(res.body)).not.toContain(closed.title);
  });
});
