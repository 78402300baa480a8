/** /metrics: refused without its token or off its port; after a submission, the named series count it. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { backends, useBackend } from "../test-support/backends";
import { jsonHeaders, validContact } from "../test-support/fixtures";
import { freePort } from "../test-support/ports";
import { startMetricsListener } from "./exposition";

type App = Awaited<ReturnType<typeof buildApp>>;
const token = "metrics-token-0123456789abcdef";
const post = (app: App) =>
  app.inject({
    method: "POST",
    url: "/api/contact-us/create",
    headers: jsonHeaders,
    payload: JSON.stringify(validContact),
  });

describe.each(backends)("/metrics behind METRICS_TOKEN on %s", (backend) => {
  const env = useBackend(backend, { METRICS_TOKEN: token, RATE_LIMIT_MAX: "1" });
  let app: App;
  // The clock the submission is stamped with; moved on before the scrape to age the outbox.
  let clock = new Date("2026-03-02T10:00:00Z");
  beforeAll(async () => {
    app = await buildApp(env.config, { serveSite: false, now: () => clock });
  });
  afterAll(() => app.close());

  it("refuses a scrape without the token or with a wrong one", async () => {
    expect((await app.inject("/metrics")).statusCode).toBe(401);
    const wrong = await app.inject({ url: "/metrics", headers: { authorization: "Bearer not-the-token-at-all" } });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).not.toContain("http_requests_total");
  });

  it("counts a submission, its request by route pattern, the waiting outbox and a rate-limit refusal", async () => {
    expect((await post(app)).statusCode).toBe(201);
    expect((await post(app)).statusCode).toBe(429);
    await app.inject("/no-such-page/ada@example.com");
    clock = new Date(clock.getTime() + 90_000);
    const res = await app.inject({ url: "/metrics", headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = res.body;
    expect(text).toContain('form_submissions_total{kind="contact",verdict="accepted"} 1');
    expect(text).toContain('http_requests_total{method="POST",route="/api/contact-us/create",status="201"} 1');
    expect(text).toContain('http_request_duration_seconds_count{method="POST",route="/api/contact-us/create"} 2');
    expect(text).toContain('rate_limit_refusals_total{route="/api/contact-us/create"} 1');
    // The confirmation and the team's notification wait (no worker runs here), stamped 90 s ago.
    expect(text).toContain('outbox_pending_messages{queue="outbox"} 2');
    expect(text).toContain('outbox_oldest_pending_age_seconds{queue="outbox"} 90');
    expect(text).toContain('outbox_pending_messages{queue="webhook_events"} 0');
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
    // A URL no route matched is one label; the path (here an address) never becomes one.
    expect(text).toContain('route="unmatched"');
    expect(text).not.toContain("ada@example.com");
  });
});

describe("/metrics on METRICS_PORT", () => {
  const env = useBackend("sqlite", { METRICS_PORT: "9", METRICS_TOKEN: token });
  it("is absent from the public port and answers on its own port with the token only", async () => {
    const app = await buildApp(env.config, { serveSite: false });
    const port = await freePort();
    const listener = await startMetricsListener(app.metrics, { port, host: "127.0.0.1", token });
    try {
      expect((await post(app)).statusCode).toBe(201);
      const publicPort = await app.inject({ url: "/metrics", headers: { authorization: `Bearer ${token}` } });
      expect(publicPort.statusCode).toBe(404);
      const url = `http://127.0.0.1:${port}/metrics`;
      expect((await fetch(url)).status).toBe(401);
      expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(404);
      const scraped = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
      expect(scraped.status).toBe(200);
      expect(await scraped.text()).toContain('form_submissions_total{kind="contact",verdict="accepted"} 1');
    } finally {
      await new Promise((resolve) => listener.close(resolve));
      await app.close();
    }
  });
});

describe("/metrics when neither METRICS_PORT nor METRICS_TOKEN is set", () => {
  const env = useBackend("sqlite");
  it("is not served", async () => {
    const app = await buildApp(env.config, { serveSite: false });
    expect((await app.inject("/metrics")).statusCode).toBe(404);
    await app.close();
  });
});
