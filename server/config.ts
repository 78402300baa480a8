import net from "node:net";
import path from "node:path";
import { z } from "zod";
import { defaultRetention, retentionPolicy, type RetentionSettings } from "./retention/retention-policy";

const bool = z
  .enum(["true", "false", "1", "0", "yes", "no", "on", "off"])
  .transform((v) => ["true", "1", "yes", "on"].includes(v));

/** A routing secret key: 32 random bytes, base64. */
const routingKey = z
  .string()
  .refine((v) => /^[A-Za-z0-9+/]+={0,2}$/.test(v) && Buffer.from(v, "base64").length === 32, "must be 32 bytes, base64")
  .optional();

const list = z.string().transform((v) =>
  v
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean),
);

/** Every setting the server reads from the environment, validated once at start-up. */
/** A retention period in whole months or days (storage/retention-policy.ts has the defaults). */
const period = z.coerce.number().int().min(1);

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("127.0.0.1"),
  SITE_URL: z.url().default("http://localhost:3000"),
  /** The company's time zone (IANA name): the weekly report goes out Monday 08:00 there. */
  COMPANY_TIME_ZONE: z
    .string()
    .default("Europe/London")
    .refine((zone) => {
      try {
        new Intl.DateTimeFormat("en", { timeZone: zone });
        return true;
      } catch {
        return false;
      }
    }, "must be an IANA time zone such as Europe/London"),
  DATA_DIR: z.string().min(1).default("./data"),
  /** Folder of the prerendered site (the output of `npm run build`). */
  BUILD_DIR: z.string().min(1).default("./build/client"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// URL")
    .optional(),
  /** Folder of pg_dump and pg_restore for `backup` and `restore` on PostgreSQL; unset: found on PATH. */
  PG_BIN: z.string().min(1).optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, "must be a redis:// URL")
    .optional(),
  /** Submissions per client IP per window; 0 turns the limit off (load tests). */
  RATE_LIMIT_MAX: z.coerce.number().int().min(0).default(10),
  /** Window of the rate limit, in milliseconds (default 10 minutes). */
  RATE_LIMIT_WINDOW: z.coerce.number().int().min(1000).default(600_000),
  /**
   * The proxies whose X-Forwarded-For is believed: their addresses or CIDR ranges, comma-separated.
   * Unset (or 0/false): nobody's; the socket's address is the client. See trustedProxies below.
   */
  TRUST_PROXY: z.string().optional(),
  /** Origins allowed to submit from a browser, comma-separated. Defaults to SITE_URL's origin. */
  ALLOWED_ORIGINS: list.optional(),
  /** Largest JSON body accepted, in bytes. */
  JSON_BODY_LIMIT: z.coerce
    .number()
    .int()
    .min(1024)
    .default(64 * 1024),
  /** Milliseconds a client has to send a whole request (slow clients are cut off). */
  REQUEST_TIMEOUT: z.coerce.number().int().min(100).default(30_000),
  CONFIRMATION_EMAILS: bool.default(true),
  NOTIFY_EMAIL: z.email().default("hello@altivacloud.com"),
  CAREERS_EMAIL: z.email().default("careers@altivacloud.com"),
  MAIL_FROM: z.string().min(3).default("Altiva Cloud <no-reply@altivacloud.com>"),
  WEBHOOK_URL: z.url().optional(),
  /**
   * Shared secret of the webhook's Standard Webhooks signature; required with WEBHOOK_URL. A
   * `whsec_<base64>` secret is used as those bytes (the scheme's own format); any other value as
   * its UTF-8 bytes.
   */
  WEBHOOK_SECRET: z.string().min(16).optional(),
  /** smtp://user:pass@host:port or smtps://...; without it messages are written as .eml files under DATA_DIR/mail. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL")
    .optional(),
  OUTBOX_MAX_ATTEMPTS: z.coerce.number().int().min(1).default(8),
  /** First retry delay in ms; doubles per attempt, capped at one hour. */
  OUTBOX_BACKOFF_MS: z.coerce.number().int().min(10).default(30_000),
  OUTBOX_POLL_MS: z.coerce.number().int().min(10).default(2_000),
  /**
   * Longest one delivery may take (an SMTP conversation from connecting to the answer to DATA, or
   * a webhook request); it is cut off then. RFC 5321 lets a server take 10 minutes to answer
   * DATA, but a server that needs more than two is treated as failing and retried later.
   */
  OUTBOX_SEND_TIMEOUT_MS: z.coerce.number().int().min(100).default(120_000),
  /**
   * How long a claimed message stays with its sender; after a crash it is retaken once this
   * passes. Must outlast one delivery (checked below), or a slow send is taken and sent again by
   * another worker while the first still waits for its answer.
   */
  OUTBOX_LEASE_MS: z.coerce.number().int().min(500).default(180_000),
  /**
   * Months an application is kept after the decision not to select, or after arrival while
   * undecided (recruitment privacy policy; the rule: storage/application-retention.ts).
   */
  APPLICATION_RETENTION_MONTHS: period.optional(),
  /** The old name of APPLICATION_RETENTION_MONTHS: still read, with a warning at start-up. */
  RETENTION_MONTHS: period.optional(),
  /** Months contact enquiries are kept (privacy policy). */
  ENQUIRY_RETENTION_MONTHS: period.default(retentionPolicy.enquiries.default),
  /** Months feedback is kept (privacy policy). */
  FEEDBACK_RETENTION_MONTHS: period.default(retentionPolicy.feedback.default),
  /** Days the IP address and user agent of a submission are kept (privacy policy: abuse only). */
  IP_RETENTION_DAYS: period.default(retentionPolicy.networkData.default),
  /** Days a submission caught as spam is kept. */
  SPAM_RETENTION_DAYS: period.default(retentionPolicy.spam.default),
  /**
   * Spam defence (server/spam/): false stops flagging a script's submission for carrying no
   * proof of work (load tests and benchmarks that post as scripts do); keep it on in production.
   */
  SPAM_PROOF_REQUIRED: bool.default(true),
  /** Fewest seconds from first touching a form to sending it that a person needs (the time trap). */
  SPAM_MIN_SECONDS: z.coerce.number().min(0).default(3),
  /** Milliseconds a proof-of-work challenge stays valid. */
  SPAM_PROOF_TTL: z.coerce.number().int().min(10_000).default(3_600_000),
  /** Largest counter a browser searches for (the work: a random share of it, on average about half). */
  SPAM_PROOF_MAX_NUMBER: z.coerce.number().int().min(100).max(10_000_000).default(60_000),
  /** Signs proof-of-work challenges; unset: a random key kept in the database (shared by all instances). */
  SPAM_PROOF_SECRET: z.string().min(16).optional(),
  /** Signs content preview links; unset: a random key kept in the database (shared by all instances). */
  CONTENT_PREVIEW_SECRET: z.string().min(16).optional(),
  /** Hours a content preview link works after it is made. */
  CONTENT_PREVIEW_HOURS: z.coerce.number().int().min(1).max(720).default(72),
  /** Preview pages (/preview/<token>) per client IP per minute, shared through REDIS_URL; 0 turns the limit off. */
  PREVIEW_RATE_LIMIT_MAX: z.coerce.number().int().min(0).default(30),
  /** Months an analytics event (page view, form step, Web Vital) is kept. */
  ANALYTICS_RETENTION_MONTHS: period.default(retentionPolicy.analytics.default),
  /** Beacons (measurements and consent records) per client IP per minute; 0 turns the limit off. */
  ANALYTICS_RATE_LIMIT_MAX: z.coerce.number().int().min(0).default(60),
  /** Staff console (server/console): the origin people open it at (passkeys are bound to its host). */
  ADMIN_ORIGIN: z.url().optional(),
  /** Serve the console on this port only (not on PORT), so a firewall can keep it internal. */
  ADMIN_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /** Folder of the console's build (console/vite.config.ts). */
  ADMIN_BUILD_DIR: z.string().min(1).default("./build/admin"),
  /** Sign-in attempts per client IP per minute. */
  ADMIN_SIGN_IN_RATE_MAX: z.coerce.number().int().min(1).default(10),
  /** Notification e-mails carry a link to the submission in the console instead of its content and resume. */
  NOTIFY_WITH_LINK: bool.default(false),
  /** Seals routing rules' webhook URLs (AES-256-GCM): 32 random bytes, base64 (`openssl rand -base64 32`). */
  ROUTING_SECRET_KEY: routingKey,
  /**
   * While ROUTING_SECRET_KEY is rotated: the key it replaces. Webhooks sealed with it still open,
   * and `routing-key rotate` seals them again with the new one (docs/runbook.md).
   */
  ROUTING_SECRET_KEY_PREVIOUS: routingKey,
  /**
   * /metrics (server/metrics/exposition.ts): served on this port only, to keep it internal.
   * Unset, with METRICS_TOKEN unset too: no /metrics at all.
   */
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /** Bearer token /metrics asks for; alone, it puts /metrics on PORT behind it. */
  METRICS_TOKEN: z.string().min(16).optional(),
  /**
   * OpenTelemetry traces (server/tracing/request-spans.ts), by the standard names: on when an OTLP
   * endpoint is set or OTEL_TRACES_EXPORTER is `otlp`; `none` or OTEL_SDK_DISABLED keeps them off.
   * The exporter reads the endpoint itself (and OTEL_EXPORTER_OTLP_HEADERS); here it only decides.
   */
  OTEL_TRACES_EXPORTER: z.enum(["otlp", "none"]).optional(),
  OTEL_EXPORTER_OTLP_ENDPOINT: z.url().optional(),
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: z.url().optional(),
  OTEL_SDK_DISABLED: bool.default(false),
  /**
   * On SIGTERM, how long outbox sends still in flight may take to finish before their leases are
   * released and the process exits (requests in flight are always answered first).
   */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
  /**
   * On SIGTERM, how long the server keeps serving with /readyz at 503 "draining" before it stops
   * accepting: time for a balancer's health checks to take it out of the pool.
   */
  SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).default(0),
  /**
   * Conversations (docs/decisions/058): the address replies from the console carry as Reply-To,
   * as reply+<token>@domain (the mailbox must accept plus-addresses). Unset: Reply-To is
   * NOTIFY_EMAIL, and answers are not read back.
   */
  INBOUND_EMAIL: z.email().optional(),
  /** The mailbox INBOUND_EMAIL delivers to, read over IMAP: imaps://user:password@host:993 (or imap:// with STARTTLS). */
  INBOUND_IMAP_URL: z
    .string()
    .regex(/^imaps?:\/\//, "must be an imap:// or imaps:// URL")
    .optional(),
  /** The folder the answers arrive in. */
  INBOUND_IMAP_FOLDER: z.string().min(1).default("INBOX"),
  /** Milliseconds between two reads of the mailbox. */
  INBOUND_POLL_MS: z.coerce.number().int().min(1000).default(60_000),
  /**
   * Mailgun's webhook signing key: turns on POST /api/inbound/mailgun/mime, where a Mailgun route
   * forwards answers instead of (or beside) IMAP.
   */
  INBOUND_MAILGUN_SIGNING_KEY: z.string().min(16).optional(),
  /** Tests only: lets imap:// go without TLS (a throwaway server on loopback). */
  INBOUND_IMAP_ALLOW_PLAIN: bool.default(false),
  /** Tests only: lets a routing rule's webhook be http:// on a loopback address. */
  ROUTING_ALLOW_LOOPBACK_HTTP: bool.default(false),
});

/** An IPv4 or IPv6 address, or a CIDR range of either ("10.0.0.0/8", "fd00::/64"). */
export function isAddressOrRange(value: string): boolean {
  const [address = "", prefix, ...rest] = value.split("/");
  const family = net.isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d{1,3}$/.test(prefix) && bits <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY as the list of proxies Fastify may believe (proxy-addr). A hop count ("1") or
 * "true" believes the header from whichever peer connects, so a client that reaches the server
 * directly could name any address and get a fresh rate-limit budget with each: refused.
 */
export function trustedProxies(value: string | undefined): string[] | { problem: string } {
  const text = value?.trim() ?? "";
  if (text === "" || text === "0" || text === "false") return [];
  const entries = text
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  if (entries.length === 1 && /^(\d+|true|yes|on)$/i.test(entries[0]!)) {
    return {
      problem:
        `"${entries[0]}" would believe X-Forwarded-For from any peer, so a client reaching the server directly could ` +
        "claim any address. Write your proxies' addresses or CIDR ranges instead, comma-separated " +
        "(e.g. TRUST_PROXY=10.0.0.5 or TRUST_PROXY=10.0.0.0/24,fd00::/64); leave it unset when no proxy is in front",
    };
  }
  const wrong = entries.filter((e) => !isAddressOrRange(e));
  if (wrong.length > 0) {
    return {
      problem: `not an IP address or CIDR range: ${wrong.map((w) => JSON.stringify(w)).join(", ")} (write e.g. 10.0.0.5 or 10.0.0.0/24)`,
    };
  }
  return entries;
}

/** How much longer than one delivery's cut-off the outbox lease must be. */
export const leaseMargin = 1.25;

export type Config = ReturnType<typeof loadConfig>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n");
    throw new ConfigError(`Invalid configuration:\n${problems}`);
  }
  const e = parsed.data;
  if (e.WEBHOOK_URL && !e.WEBHOOK_SECRET) {
    throw new ConfigError("Invalid configuration:\n  WEBHOOK_SECRET: required when WEBHOOK_URL is set");
  }
  // The lease must outlast the longest delivery plus the write that records it.
  const leaseFloor = Math.ceil(e.OUTBOX_SEND_TIMEOUT_MS * leaseMargin);
  if (e.OUTBOX_LEASE_MS < leaseFloor) {
    throw new ConfigError(
      `Invalid configuration:\n  OUTBOX_LEASE_MS: must be at least ${leaseFloor} (${leaseMargin} times OUTBOX_SEND_TIMEOUT_MS, ${e.OUTBOX_SEND_TIMEOUT_MS}), or a slow delivery is sent twice`,
    );
  }
  const trustProxy = trustedProxies(e.TRUST_PROXY);
  if ("problem" in trustProxy) throw new ConfigError(`Invalid configuration:\n  TRUST_PROXY: ${trustProxy.problem}`);
  const siteUrl = e.SITE_URL.replace(/\/+$/, "");
  const warnings: string[] = [];
  if (e.RETENTION_MONTHS !== undefined) {
    warnings.push(
      e.APPLICATION_RETENTION_MONTHS === undefined
        ? "RETENTION_MONTHS is the old name of APPLICATION_RETENTION_MONTHS: rename it; it still applies for now"
        : "RETENTION_MONTHS is ignored: APPLICATION_RETENTION_MONTHS, its new name, is set too",
    );
  }
  return {
    port: e.PORT,
    host: e.HOST,
    siteUrl,
    companyTimeZone: e.COMPANY_TIME_ZONE,
    dataDir: path.resolve(e.DATA_DIR),
    buildDir: path.resolve(e.BUILD_DIR),
    logLevel: e.LOG_LEVEL,
    databaseUrl: e.DATABASE_URL,
    pgBin: e.PG_BIN,
    redisUrl: e.REDIS_URL,
    rateLimit: { max: e.RATE_LIMIT_MAX, windowMs: e.RATE_LIMIT_WINDOW },
    trustProxy,
    allowedOrigins: e.ALLOWED_ORIGINS ?? [new URL(siteUrl).origin],
    jsonBodyLimit: e.JSON_BODY_LIMIT,
    requestTimeout: e.REQUEST_TIMEOUT,
    mail: {
      confirmations: e.CONFIRMATION_EMAILS,
      notifyEmail: e.NOTIFY_EMAIL,
      careersEmail: e.CAREERS_EMAIL,
      from: e.MAIL_FROM,
    },
    inbound: {
      email: e.INBOUND_EMAIL,
      imapUrl: e.INBOUND_IMAP_URL,
      folder: e.INBOUND_IMAP_FOLDER,
      pollMs: e.INBOUND_POLL_MS,
      allowPlain: e.INBOUND_IMAP_ALLOW_PLAIN,
      mailgunSigningKey: e.INBOUND_MAILGUN_SIGNING_KEY,
    },
    webhookUrl: e.WEBHOOK_URL,
    webhookSecret: e.WEBHOOK_SECRET,
    smtpUrl: e.SMTP_URL,
    outbox: {
      maxAttempts: e.OUTBOX_MAX_ATTEMPTS,
      backoffMs: e.OUTBOX_BACKOFF_MS,
      pollMs: e.OUTBOX_POLL_MS,
      leaseMs: e.OUTBOX_LEASE_MS,
      sendTimeoutMs: e.OUTBOX_SEND_TIMEOUT_MS,
    },
    /** Every period of the retention table, in its own unit; fixed ones at their default. */
    retention: {
      ...defaultRetention(),
      applications: e.APPLICATION_RETENTION_MONTHS ?? e.RETENTION_MONTHS ?? retentionPolicy.applications.default,
      enquiries: e.ENQUIRY_RETENTION_MONTHS,
      feedback: e.FEEDBACK_RETENTION_MONTHS,
      spam: e.SPAM_RETENTION_DAYS,
      networkData: e.IP_RETENTION_DAYS,
      analytics: e.ANALYTICS_RETENTION_MONTHS,
    } satisfies RetentionSettings,
    /** Said once at start-up (buildApp logs them): settings that work but should change. */
    warnings,
    admin: {
      origin: new URL(e.ADMIN_ORIGIN ?? siteUrl).origin,
      port: e.ADMIN_PORT,
      buildDir: path.resolve(e.ADMIN_BUILD_DIR),
      signInRateMax: e.ADMIN_SIGN_IN_RATE_MAX,
      notifyWithLink: e.NOTIFY_WITH_LINK,
    },
    content: {
      previewSecret: e.CONTENT_PREVIEW_SECRET,
      previewTtlMs: e.CONTENT_PREVIEW_HOURS * 60 * 60_000,
      previewRateMax: e.PREVIEW_RATE_LIMIT_MAX,
    },
    spam: {
      proofRequired: e.SPAM_PROOF_REQUIRED,
      minSeconds: e.SPAM_MIN_SECONDS,
      proofTtlMs: e.SPAM_PROOF_TTL,
      proofMaxNumber: e.SPAM_PROOF_MAX_NUMBER,
      proofSecret: e.SPAM_PROOF_SECRET,
    },
    analytics: { rateLimitMax: e.ANALYTICS_RATE_LIMIT_MAX },
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    shutdownDelayMs: e.SHUTDOWN_DELAY_MS,
    metrics: {
      port: e.METRICS_PORT,
      token: e.METRICS_TOKEN,
      enabled: e.METRICS_PORT !== undefined || e.METRICS_TOKEN !== undefined,
    },
    tracing: {
      enabled:
        !e.OTEL_SDK_DISABLED &&
        (e.OTEL_TRACES_EXPORTER === "otlp" ||
          (e.OTEL_TRACES_EXPORTER === undefined &&
            (e.OTEL_EXPORTER_OTLP_ENDPOINT !== undefined || e.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT !== undefined))),
      serviceName: "altiva-site",
    },
    routing: {
      secretKey: e.ROUTING_SECRET_KEY ? Buffer.from(e.ROUTING_SECRET_KEY, "base64") : undefined,
      previousKey: e.ROUTING_SECRET_KEY_PREVIOUS ? Buffer.from(e.ROUTING_SECRET_KEY_PREVIOUS, "base64") : undefined,
      allowLoopbackHttp: e.ROUTING_ALLOW_LOOPBACK_HTTP,
    },
  };
}

export class ConfigError extends Error {}
