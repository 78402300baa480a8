/**
 * The server's Prometheus series (prom-client), one registry per server so that tests building
 * several servers in one process count apart. Labels are closed sets (route patterns, form
 * kinds, verdicts), never a URL, an address or anything a visitor typed.
 */
import { sql } from "kysely";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import type { Storage } from "../db/db";

export interface MetricsOptions {
  /** Process metrics (event-loop lag, heap, GC, CPU): only when /metrics is on, they keep observers running. */
  processMetrics: boolean;
  now?: () => Date;
}

export function createMetrics(storage: Storage, { processMetrics, now = () => new Date() }: MetricsOptions) {
  const registry = new Registry();
  const registers = [registry];
  // prom-client's defaults include nodejs_eventloop_lag_seconds and its percentiles.
  if (processMetrics) collectDefaultMetrics({ register: registry });

  const requests = new Counter({
    name: "http_requests_total",
    help: "HTTP requests answered, by method, route pattern and status code",
    labelNames: ["method", "route", "status"] as const,
    registers,
  });
  const duration = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time from receiving a request to its answer, by method and route pattern",
    labelNames: ["method", "route"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  const submissions = new Counter({
    name: "form_submissions_total",
    help: "Form submissions by kind and spam verdict (accepted, review, spam; refused: a bad proof of work)",
    labelNames: ["kind", "verdict"] as const,
    registers,
  });
  const mailFailures = new Counter({
    name: "mail_send_failures_total",
    help: "Sends through the mail transport (SMTP or .eml file) that failed: transport (the relay could not be used) or message (it refused that message)",
    labelNames: ["failure"] as const,
    registers,
  });
  const purged = new Counter({
    name: "retention_purged_total",
    help: "Rows removed by the daily retention purge, by what they were",
    labelNames: ["what"] as const,
    registers,
  });
  const erasures = new Counter({
    name: "erasure_submissions_total",
    help: "Submissions erased on a person's request from the console",
    registers,
  });
  const rateLimited = new Counter({
    name: "rate_limit_refusals_total",
    help: "Requests refused with 429 by a rate limit, by route pattern",
    labelNames: ["route"] as const,
    registers,
  });

  // Read from the database at scrape time (each gauge its own small read, by the outbox_due
  // index): every instance reports the shared queues' state.
  const queues = ["outbox", "webhook_events"] as const;
  const pending = async () =>
    Promise.all(
      queues.map(async (queue) => {
        const row = await sql<{ depth: number | string; oldest: string | null }>`
          select count(*) as depth, min(created_at) as oldest from ${sql.table(queue)} where status = 'pending'`
          .execute(storage.db)
          .then((r) => r.rows[0]);
        return { queue, depth: Number(row?.depth ?? 0), oldest: row?.oldest ?? null };
      }),
    );
  new Gauge({
    name: "outbox_pending_messages",
    help: "Messages waiting to be delivered, by queue (outbox: e-mails and webhooks of submissions; webhook_events: erasure events)",
    labelNames: ["queue"] as const,
    registers,
    async collect() {
      for (const { queue, depth } of await pending()) this.set({ queue }, depth);
    },
  });
  new Gauge({
    name: "outbox_oldest_pending_age_seconds",
    help: "Age of the oldest message waiting to be delivered, by queue (0 when none waits)",
    labelNames: ["queue"] as const,
    registers,
    async collect() {
      for (const { queue, oldest } of await pending()) {
        this.set({ queue }, oldest ? Math.max(0, (now().getTime() - new Date(oldest).getTime()) / 1000) : 0);
      }
    },
  });

  return { registry, requests, duration, submissions, mailFailures, purged, erasures, rateLimited };
}

export type Metrics = ReturnType<typeof createMetrics>;
