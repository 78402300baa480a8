import { expect, test } from "./fixtures";

/**
 * The MDN HTTP Observatory's scoring (https://developer.mozilla.org/en-US/observatory/docs/tests_and_scoring),
 * applied to the real response headers of the home page: start at 100, add or subtract per test.
 * Tests that do not apply to a loopback HTTP server (redirection to HTTPS, cookies, SRI for
 * same-origin scripts) score 0, as the Observatory scores them when absent or not applicable.
 */
function observatoryScore(h: Record<string, string>): { score: number; notes: string[] } {
  const notes: string[] = [];
  let score = 100;
  const add = (n: number, note: string) => {
    score += n;
    notes.push(`${n >= 0 ? "+" : ""}${n} ${note}`);
  };
  const csp = h["content-security-policy"];
  if (!csp) add(-25, "no CSP");
  else {
    const directives = new Map(
      csp.split(";").map((d) => {
        const [name, ...values] = d.trim().split(/\s+/);
        return [name!, values] as const;
      }),
    );
    const scriptSrc = directives.get("script-src") ?? directives.get("default-src") ?? [];
    const defaultSrc = directives.get("default-src") ?? [];
    if (scriptSrc.includes("'unsafe-inline'") || scriptSrc.includes("'unsafe-eval'") || scriptSrc.includes("*"))
      add(-20, "unsafe script-src");
    else if (defaultSrc.includes("'none'") || defaultSrc.includes("'self'")) {
      if (directives.get("frame-ancestors") && directives.get("base-uri") && directives.get("form-action"))
        add(10, "CSP default restricted, frame-ancestors, base-uri and form-action set");
      else add(5, "CSP restricts default-src");
    }
  }
  const hsts = /max-age=(\d+)/.exec(h["strict-transport-security"] ?? "");
  if (!hsts || Number(hsts[1]) < 15_552_000) add(-20, "HSTS missing or under six months");
  else add(0, "HSTS at least six months");
  if (h["x-content-type-options"] !== "nosniff") add(-5, "no nosniff");
  const xfo = h["x-frame-options"];
  if (/frame-ancestors/.test(csp ?? "")) add(5, "frame-ancestors");
  else if (!xfo) add(-20, "no framing protection");
  const referrer = h["referrer-policy"];
  if (referrer && /^(no-referrer|same-origin|strict-origin|strict-origin-when-cross-origin)$/.test(referrer))
    add(5, "private Referrer-Policy");
  if (h["cross-origin-resource-policy"] === "same-origin" || h["cross-origin-resource-policy"] === "same-site")
    add(0, "CORP set");
  else add(-5, "no CORP");
  if (h["access-control-allow-origin"] === "*") add(-50, "CORS wildcard");
  return { score, notes };
}

test("the home page's headers score A+ (100 or more) on the MDN HTTP Observatory scale", async ({ request }) => {
  const res = await request.get("/");
  const { score, notes } = observatoryScore(res.headers());
  console.log(`Observatory score ${score}: ${notes.join("; ")}`);
  expect(score).toBeGreaterThanOrEqual(100);
  expect(res.headers()["content-security-policy"]).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
});

test("an API answer carries the strict policy", async ({ request }) => {
  const res = await request.get("/healthz");
  const { score } = observatoryScore(res.headers());
  expect(score).toBeGreaterThanOrEqual(100);
});
