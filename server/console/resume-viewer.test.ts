/**
 * The resume viewer (decision 071) against the real server on SQLite and PostgreSQL: a PDF comes
 * back as sent, inline, under a CSP that loads nothing and lets only the console frame it, never
 * cached by a shared cache; a DOCX made by a real writer comes back as HTML with its text, its
 * web and mail links and its embedded picture, but without its javascript: and data: links or
 * its picture from another host; only those who may download the resume may view it. A DOCX
 * that would take mammoth hundreds of MB is converted under a worker's heap cap and given up on.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formDefinitions } from "../../contracts/forms/index";
import { buildApp } from "../app";
import { insertSubmission } from "../submissions/submissions";
import { backends, useBackend } from "../test-support/backends";
import { pdf, validApplicationFields } from "../test-support/fixtures";
import { bloatedDocx, hostileDocx, trackerUrl } from "../test-support/hostile-docx";
import { signedInStaff } from "../test-support/staff";
import { conversionLimits, conversionPeak } from "../uploads/docx-conversion";
import { sniffResume } from "../uploads/resume-type";
import { docxAsPage, sanitizeResumeHtml } from "../uploads/resume-viewer";
import { consoleCsp } from "./plugin";

type App = Awaited<ReturnType<typeof buildApp>>;

describe.each(backends)("the resume viewer on %s", (backend) => {
  const env = useBackend(backend, { RATE_LIMIT_MAX: "0", CONFIRMATION_EMAILS: "false" });
  let app: App;
  const clock = new Date("2026-11-23T09:00:00.000Z");
  const cookies: Record<string, string> = {};
  let pdfId: number;
  let docxId: number;
  const pdfBytes = pdf(4096);

  const view = (id: number, cookie?: string) =>
    app.inject({ method: "GET", url: `/admin/api/submissions/${id}/resume/view`, headers: cookie ? { cookie } : {} });

  async function applicationWith(content: Buffer, type: "pdf" | "docx") {
    const { id } = await insertSubmission(
      app.storage,
      formDefinitions.application,
      { ...validApplicationFields, email: `viewer.${type}@example.com` },
      { ip: "192.0.2.7", userAgent: "Firefox", spam: false, now: clock },
      [],
    );
    await app.storage.db
      .insertInto("resumes")
      .values({
        submission_id: id,
        original_name: `cv.${type}`,
        detected_type: type,
        size: content.length,
        sha256: "x",
        content,
      })
      .execute();
    return id;
  }

  beforeAll(async () => {
    app = await buildApp(env.config, { serveSite: false, now: () => clock });
    for (const role of ["admin", "hr", "sales", "marketing"]) {
      cookies[role] = (await signedInStaff(app.storage.db, { role, name: `Vera ${role}` }, clock)).cookie;
    }
    pdfId = await applicationWith(pdfBytes, "pdf");
    docxId = await applicationWith(await hostileDocx(), "docx");
  }, 60_000);
  afterAll(() => app.close());

  it("sends a PDF as it was sent, inline, under a CSP that loads nothing and only the console frames", async () => {
    const res = await view(pdfId, cookies.hr);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(pdfBytes)).toBe(true);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.headers["content-disposition"]).toMatch(/^inline; filename="APP-\d{4}-\d{6}-resume\.pdf"$/);
    const csp = String(res.headers["content-security-policy"]);
    expect(csp.startsWith("default-src 'none'; ")).toBe(true);
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).not.toContain("script-src");
    expect(res.headers["x-frame-options"]).toBe("SAMEORIGIN");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["cache-control"]).toBe("no-store");
    // The console's pages may frame their own origin only; everything else keeps its own CSP.
    expect(consoleCsp).toContain("frame-src 'self'");
    const page = await app.inject({
      method: "GET",
      url: `/admin/api/submissions/${pdfId}`,
      headers: { cookie: cookies.hr },
    });
    expect(page.headers["content-security-policy"]).toBe(consoleCsp);
    expect(page.headers["x-frame-options"]).toBe("DENY");
    const audit = await app.storage.db
      .selectFrom("audit_log")
      .select(["action", "staff_name"])
      .where("submission_id", "=", pdfId)
      .where("action", "=", "resume view")
      .execute();
    expect(audit).toEqual([{ action: "resume view", staff_name: "Vera hr" }]);
  });

  it("shows a DOCX as sanitised HTML: text, web and mail links, the embedded picture; no script link, no outside picture", async () => {
    const res = await view(docxId, cookies.admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(res.headers["content-disposition"]).toMatch(/^inline; filename="APP-\d{4}-\d{6}-resume\.html"$/);
    expect(String(res.headers["content-security-policy"])).toMatch(
      /^default-src 'none'; img-src data:; style-src 'sha256-/,
    );
    const html = res.body;
    expect(html).toContain("<h1>Priya Raman</h1>");
    expect(html).toContain("<strong>Platform engineer, </strong>Lisbon");
    expect(html).toContain(
      '<a href="https://github.com/priya-raman" target="_blank" rel="noopener noreferrer">GitHub</a>',
    );
    expect(html).toContain(
      '<a href="mailto:priya@example.com" target="_blank" rel="noopener noreferrer">Write to me</a>',
    );
    // The refused links keep their words, without an address.
    expect(html).toContain("<p><a>My portfolio</a></p><p><a>My talk</a></p>");
    expect(html).not.toMatch(/javascript:|data:text|<script|alert\(/i);
    expect(html).not.toContain(trackerUrl);
    expect(html).not.toContain("tracker.example");
    const images = html.match(/<img [^>]*>/g) ?? [];
    expect(images).toHaveLength(1);
    expect(images[0]).toMatch(/^<img src="data:image\/png;base64,[A-Za-z0-9+/=]+" \/>$/);
  });

  it("lets those who may download the resume view it, and no one else", async () => {
    expect((await view(pdfId, cookies.admin)).statusCode).toBe(200);
    expect((await view(pdfId, cookies.hr)).statusCode).toBe(200);
    expect((await view(pdfId, cookies.sales)).statusCode).toBe(403);
    expect((await view(docxId, cookies.marketing)).statusCode).toBe(403);
    expect((await view(docxId)).statusCode).toBe(401);
    // An application without a resume, or none at all, has nothing to show.
    expect((await view(999_999, cookies.admin)).statusCode).toBe(404);
  });
});

describe("the DOCX sanitiser", () => {
  it("drops scripts, handlers, styles, outside pictures and non-web links, and keeps text", () => {
    const out = sanitizeResumeHtml(
      '<p onclick="x()" style="color:red">Hi<script>alert(1)</script></p><img src="https://t.example/p.gif">' +
        '<a href="vbscript:msgbox">VB</a><a href="//evil.example/">Rel</a><iframe src="https://x.example"></iframe>' +
        '<img src="data:image/svg+xml;base64,PHN2Zz4=">',
    );
    expect(out).toBe("<p>Hi</p><a>VB</a><a>Rel</a>");
  });
});

describe("the DOCX conversion", () => {
  it("gives up on a small DOCX that needs more memory than its worker may take, and still converts a real resume", async () => {
    const bloated = await bloatedDocx();
    // The upload's own check lets it in: the bound has to be the viewer's.
    expect(await sniffResume(bloated)).toEqual({ ok: true, type: "docx" });
    const page = await docxAsPage(bloated, "APP-1.docx", { ...conversionLimits, timeoutMs: 120_000 });
    expect(page).toContain("This document is too large to show here.");
    expect(page).not.toContain("<p>a</p>");
    expect(await docxAsPage(await hostileDocx(), "APP-2.docx")).toContain("<h1>Priya Raman</h1>");
  });

  it("runs at most two conversions at once: the others wait their turn and are converted", async () => {
    const docx = await hostileDocx();
    const pages = await Promise.all([1, 2, 3, 4, 5].map((n) => docxAsPage(docx, `APP-${n}.docx`)));
    for (const page of pages) expect(page).toContain("<h1>Priya Raman</h1>");
    expect(conversionPeak()).toBe(2);
  });

  it("gives up on a conversion that outlasts its time", async () => {
    const page = await docxAsPage(await hostileDocx(), "APP-3.docx", { ...conversionLimits, timeoutMs: 1 });
    expect(page).toContain("This document is too large to show here.");
  });
});
