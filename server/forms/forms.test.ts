import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { submissionGuard } from "../plugins/submission-guard";
import { answerTemplate } from "./answer-pages";
import { isBrowserNavigation } from "./navigation";
import { parseUrlEncoded } from "./read-body";

describe("parseUrlEncoded", () => {
  it("reads a browser's form body, decoding + and %-escapes", () => {
    expect(parseUrlEncoded("firstName=Ada&message=Move+us%20to+AWS%21&agree=on")).toEqual({
      fields: { firstName: "Ada", message: "Move us to AWS!", agree: "on" },
    });
  });

  it("reports a field sent twice", () => {
    expect(parseUrlEncoded("email=a%40b.co&email=c%40d.co").repeated).toBe("email");
  });
});

describe("isBrowserNavigation", () => {
  const req = (headers: Record<string, string>) => ({ headers }) as never;

  it("trusts fetch metadata when the browser sends it", () => {
    expect(isBrowserNavigation(req({ "sec-fetch-mode": "navigate", accept: "text/html" }))).toBe(true);
    expect(isBrowserNavigation(req({ "sec-fetch-dest": "document" }))).toBe(true);
    expect(isBrowserNavigation(req({ "sec-fetch-mode": "cors", "sec-fetch-dest": "empty", accept: "text/html" }))).toBe(
      false,
    );
  });

  it("falls back on Accept for browsers without fetch metadata", () => {
    expect(isBrowserNavigation(req({ accept: "text/html,application/xhtml+xml,*/*;q=0.8" }))).toBe(true);
    expect(isBrowserNavigation(req({ accept: "application/json" }))).toBe(false);
    expect(isBrowserNavigation(req({}))).toBe(false);
  });
});

describe("answerTemplate", () => {
  const page = [
    '<!DOCTYPE html><html><head><title>Contact Us | Altiva Cloud</title><script>document.documentElement.className="js"</script>',
    '<link rel="modulepreload" href="/assets/entry.js">',
    "<style>.is-invalid{color:red}</style></head>",
    '<body><main><h2>Send us a message</h2><form method="post" novalidate aria-label="Contact form"><input name="firstName"></form>',
    '<p>After the form</p></main><script type="module">import("/assets/entry.js")</script></body></html>',
  ].join("");

  it("drops every script and keeps the page's inline CSS", () => {
    const { before, after } = answerTemplate(page);
    const html = before + after;
    expect(html).not.toMatch(/<script|modulepreload/);
    expect(html).toContain("<style>.is-invalid{color:red}</style></head>");
    expect(html).toContain("<title>Contact Us | Altiva Cloud</title>");
  });

  it("cuts the page around its form", () => {
    const { before, after } = answerTemplate(page);
    expect(before.endsWith("<h2>Send us a message</h2>")).toBe(true);
    expect(after.startsWith("<p>After the form</p>")).toBe(true);
  });

  it("refuses a page with no form that posts or two", () => {
    expect(() => answerTemplate("<html><body></body></html>")).toThrow(/exactly one form that posts; found 0/);
    expect(() => answerTemplate('<form method="post"></form><form method="post"></form>')).toThrow(/found 2/);
  });

  it("leaves a GET form (the roles' filter on /career) in the page and cuts at the one that posts", () => {
    const filter = '<form method="get" action="/career#open-roles"><select name="office"></select></form>';
    const { before } = answerTemplate(page.replace("<main>", `<main>${filter}`));
    expect(before).toContain(filter);
    expect(before.endsWith("<h2>Send us a message</h2>")).toBe(true);
  });
});

describe("submissionGuard", () => {
  async function post(headers: Record<string, string>, body = "firstName=Ada") {
    const app = Fastify();
    app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_r, b, done) =>
      done(null, b),
    );
    app.post("/api/contact-us/create", { preHandler: submissionGuard(["https://www.altivacloud.com"]) }, () => ({
      status: true,
    }));
    const res = await app.inject({
      method: "POST",
      url: "/api/contact-us/create",
      headers: { host: "api.altivacloud.com", ...headers },
      payload: body,
    });
    await app.close();
    return res.statusCode;
  }
  const browserPost = {
    "content-type": "application/x-www-form-urlencoded",
    "sec-fetch-mode": "navigate",
    "sec-fetch-dest": "document",
  };

  it("lets a browser post the site's own form", async () => {
    expect(await post({ ...browserPost, origin: "https://www.altivacloud.com" })).toBe(200);
  });

  it("refuses a browser post from another site, or one without an Origin", async () => {
    expect(await post({ ...browserPost, origin: "https://attacker.test" })).toBe(403);
    expect(await post(browserPost)).toBe(403);
  });

  it("still refuses a script's post without X-Requested-With", async () => {
    expect(
      await post({
        "content-type": "application/x-www-form-urlencoded",
        "sec-fetch-mode": "cors",
        origin: "https://www.altivacloud.com",
      }),
    ).toBe(403);
  });
});
