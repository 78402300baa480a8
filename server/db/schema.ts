import type { Generated } from "kysely";
import type { StaffConsoleTables } from "./console-schema";

import type { FieldColumns } from "../../contracts/forms/index";
import type { SubmissionKind } from "../../contracts/submission-kinds";

export type { SubmissionKind };

/**
 * A submission's own columns; the form fields' columns come from the form definitions
 * (contracts/forms), so a field added there (with its migration) is typed here too. Dates are
 * ISO-8601 UTC strings on both databases, so they sort and compare alike.
 */
interface SubmissionOwnColumns {
  id: Generated<number>;
  kind: SubmissionKind;
  /** Application number (APP-2026-000123); null for other kinds. */
  reference: string | null;
  /** Cleared to "" after IP_RETENTION_DAYS. */
  ip: string;
  /** Cleared to null after IP_RETENTION_DAYS. */
  user_agent: string | null;
  spam: number;
  /** No longer read or written (docs/decisions/033: no one is kept beyond the rule); always 0. */
  selected: number;
  created_at: string;
  /** Handling status set in the staff console (server/console/statuses.ts); "new" on arrival. */
  status: Generated<string>;
  /** "spam" or "review" (held: sent without JavaScript); null for an ordinary submission. */
  spam_verdict: "spam" | "review" | null;
  /** JSON array of the signals that decided it (server/spam/verdict.ts). */
  spam_reasons: string | null;
  /** The slug of the role an application was sent for (migration 009); null otherwise. */
  role: string | null;
  /** When an application was decided, "not selected" or "hired" (migration 010). */
  decided_at: string | null;
  /** The wording version of the future-roles consent the candidate gave; null: none (migration 010). */
  future_roles_consent: string | null;
  /** The staff member who owns an enquiry or feedback item (migration 012); null: nobody. */
  assigned_to: number | null;
  /** When it was given to them; the assignment e-mail is tied to this moment (mail/assignment-mail.ts). */
  assigned_at: string | null;
  /** Who gave it (a staff id); null for nobody or an assignment undone. */
  assigned_by: number | null;
  /** The site page an enquiry was sent from, when it is one of the site's (migration 014). */
  source_path: string | null;
  /** The visit's first external referrer host, kept with measurement consent only (migration 014). */
  source_referrer: string | null;
  /** The visit's utm_campaign, kept with measurement consent only (migration 014). */
  source_campaign: string | null;
  /** What became of an enquiry: qualified, won or lost (migration 017, contracts/outcomes.ts). */
  outcome: string | null;
  /** A won deal's value in hundredths of its currency (bigint: PostgreSQL answers it as a string). */
  outcome_value: number | string | null;
  /** Its ISO 4217 currency. */
  outcome_currency: string | null;
}

export type SubmissionsTable = SubmissionOwnColumns & FieldColumns;

export interface ResumesTable {
  submission_id: number;
  original_name: string;
  detected_type: "pdf" | "doc" | "docx";
  size: number;
  sha256: string;
  content: Buffer;
}

export interface OutboxTable {
  id: Generated<number>;
  submission_id: number;
  channel: "email" | "webhook";
  /** "decision": an e-mail a person sent the candidate from the console (storage/decision-mails.ts). */
  /** "answer": the owner's notice that a customer answered by e-mail (decision 073), a link only. */
  purpose: "notify" | "confirm" | "webhook" | "decision" | "assign" | "reply" | "routed" | "answer";
  recipient: string;
  status: "pending" | "sent" | "failed";
  attempts: number;
  next_attempt_at: string;
  last_error: string | null;
  lease_owner: string | null;
  lease_until: string | null;
  /** Stable per row, so a message resent after a crash is recognisably the same one. */
  message_id: string;
  created_at: string;
  sent_at: string | null;
}

/** A person who chose the weekly report (migration 022); the row goes when they choose otherwise. */
export interface WeeklyReportChoicesTable {
  staff_id: number;
  chosen_at: string;
}

/** A weekly report queued for one person: delivered by the outbox worker beside `outbox`. */
export interface WeeklyReportsTable {
  id: Generated<number>;
  staff_id: number;
  /** ISO week, e.g. "2027-W13"; unique with staff_id. */
  week: string;
  recipient: string;
  subject: string;
  text: string;
  html: string;
  status: "pending" | "sent" | "failed";
  attempts: number;
  next_attempt_at: string;
  last_error: string | null;
  lease_owner: string | null;
  lease_until: string | null;
  message_id: string;
  created_at: string;
  sent_at: string | null;
}

export interface CountersTable {
  name: string;
  value: number;
}

export interface SiteKeysTable {
  name: string;
  /** base64 */
  value: string;
}

/** One row per address (keyed hash) and UTC day a confirmation was queued; kept two days. */
export interface ConfirmationsSentTable {
  address_key: string;
  /** YYYY-MM-DD, UTC */
  day: string;
}

/** A webhook event not tied to a stored submission (submission.erased); no personal data. */
export interface WebhookEventsTable {
  id: Generated<number>;
  event: "submission.erased";
  /** The JSON body, as signed and sent. */
  payload: string;
  recipient: string;
  status: "pending" | "sent" | "failed";
  attempts: number;
  next_attempt_at: string;
  last_error: string | null;
  lease_owner: string | null;
  lease_until: string | null;
  message_id: string;
  created_at: string;
  sent_at: string | null;
}

/** One anonymous measurement: a page view, a form funnel step or a field Web Vital. */
export interface AnalyticsEventsTable {
  id: Generated<number>;
  type: "pageview" | "form" | "vital";
  path: string;
  created_at: string;
  referrer_host: string | null;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  viewport: string | null;
  browser: string | null;
  form: string | null;
  step: string | null;
  reason: string | null;
  metric: string | null;
  value: number | null;
  rating: string | null;
  navigation_type: string | null;
  attribution: string | null;
  /** 1 for a document's first measured page view (migration 018); null otherwise and before. */
  entry: number | null;
}

/** Page views per day and labels, "" for none (migration 018): the dashboard's source. */
export interface PageviewRollupsTable {
  day: string;
  path: string;
  referrer_host: string;
  utm_source: string;
  utm_medium: string;
  utm_campaign: string;
  viewport: string;
  browser: string;
  views: number;
  entries: number;
}

/** Page views per day and one label at a time (migration 018): what the dashboard reads unfiltered. */
export interface PageviewDayTotalsTable {
  day: string;
  /** all, path, entry, referrer, campaign (source / medium / campaign), utm_campaign, viewport, browser. */
  dimension: string;
  value: string;
  views: number;
}

/** Form steps per day, page, form and step (migration 018). */
export interface FormRollupsTable {
  day: string;
  path: string;
  form: string;
  step: string;
  events: number;
}

/** Web Vital samples per day, page, metric and bucket (migration 029, contracts/vital-histogram.ts). */
export interface VitalRollupsTable {
  day: string;
  path: string;
  metric: string;
  bucket: number;
  samples: number;
  /** The largest value the bucket got that day. */
  max_value: number;
}

/** `pageview_day_totals` summed per month (YYYY-MM, migration 032): a period's whole months read these. */
export interface PageviewMonthTotalsTable {
  month: string;
  dimension: string;
  value: string;
  views: number;
}

/** The daily histograms summed per month (YYYY-MM, migration 032): a period's whole months read these. */
export interface VitalMonthRollupsTable {
  month: string;
  path: string;
  metric: string;
  bucket: number;
  samples: number;
  /** The largest value the bucket got that month. */
  max_value: number;
}

/** Samples over the good line per day, page, metric and what their attribution names (migration 029). */
export interface VitalAttributionsTable {
  day: string;
  path: string;
  metric: string;
  attribution: string;
  samples: number;
}

/** One choice made on the cookie notice or Cookie Settings (GDPR Art. 7(1)); no IP, no user agent. */
export interface ConsentRecordsTable {
  id: Generated<number>;
  consent_id: string;
  action: "accept" | "reject" | "save" | "withdraw";
  performance: number;
  functional: number;
  marketing: number;
  policy_version: string;
  browser_refusal: number;
  created_at: string;
}

/** A release or delete of a quarantined submission: who, when; no personal data. */
export interface SpamReviewsTable {
  id: Generated<number>;
  submission_id: number;
  kind: SubmissionKind;
  reference: string | null;
  action: "release" | "delete";
  operator: string;
  created_at: string;
}

/** A proof-of-work challenge already answered, kept until it expires (used once only). */
export interface SpamProofsUsedTable {
  signature: string;
  expires_at: string;
}

/** Open roles (migration 009; contracts/careers/roles.ts is the shape HR and the pages use). */
export interface JobPostingsTable {
  id: Generated<number>;
  slug: string;
  title: string;
  position: string;
  /** JSON array of office cities. */
  offices: string;
  employment_type: string;
  workplace: string;
  salary_min: number | null;
  salary_max: number | null;
  salary_currency: string | null;
  salary_period: string | null;
  description: string;
  date_posted: string;
  valid_through: string;
  state: string;
  created_at: string;
  updated_at: string;
}

/** The e-mail a decision offers, per application status (migration 010), edited by administrators. */
export interface DecisionTemplatesTable {
  status: string;
  subject: string;
  body: string;
  updated_at: string;
  /** "Name <address>" of the administrator; null for the first version. */
  updated_by: string | null;
}

/** A person has opened a submission's page (migration 012): unread for them until there is a row. */
export interface SubmissionReadsTable {
  submission_id: number;
  staff_id: number;
  read_at: string;
}

/** Reply templates administrators edit (migration 013, contracts/replies.ts). */
export interface ReplyTemplatesTable {
  id: Generated<number>;
  name: string;
  kind: "contact" | "feedback" | "both";
  subject: string;
  body: string;
  updated_at: string;
  updated_by: string | null;
}

/** A reply sent from the console (migration 013): the words as sent, who, when, its threading. */
export interface SubmissionRepliesTable {
  id: Generated<number>;
  submission_id: number;
  /** The reply's own Message-ID, the same as its outbox row's. */
  message_id: string;
  /** The team notification's Message-ID it answers; null when there was none. */
  in_reply_to: string | null;
  /** The template's name it started from; null: written from nothing. */
  template: string | null;
  subject: string;
  body: string;
  staff_id: number | null;
  staff_name: string;
  created_at: string;
  /** The original the reply quotes below its words (migration 017), as it was at Send. */
  quote: string | null;
  /** The thread's Message-IDs, space-separated, for the References header (migration 017). */
  thread_references: string | null;
}

/** A thread's Reply-To token (migration 017): reply+<token>@… finds the submission. */
export interface ConversationTokensTable {
  submission_id: number;
  token: string;
  created_at: string;
}

/** An answer that came back by e-mail (migration 017), as text; attachments are never kept. */
export interface InboundMessagesTable {
  id: Generated<number>;
  submission_id: number;
  /** Unique: the Message-ID, else imap:<uidvalidity>:<uid>. */
  source_key: string;
  message_id: string | null;
  sender: string;
  subject: string;
  body: string;
  attachments_refused: number;
  /** The message's Date header, when it had a valid one. */
  sent_at: string | null;
  received_at: string;
}

/** A routing rule (migration 015-alerts): where a matching submission is announced. */
export interface RoutingRulesTable {
  id: Generated<number>;
  kind: SubmissionKind;
  reason: string | null;
  position: string | null;
  /** Words that must each start a word of the submission's message, compared folded (migration 031); null: any message. */
  message_words: string | null;
  email: string | null;
  /** The webhook URL sealed with ROUTING_SECRET_KEY (mail/routing-secret.ts). */
  webhook_sealed: string | null;
  webhook_host: string | null;
  webhook_format: "slack" | "teams" | "generic" | null;
  /** When the webhook last failed, and why in words (migration 031); both null once it takes a message. */
  webhook_failed_at: string | null;
  webhook_problem: string | null;
  /** When a "Send a test" last reached the webhook (migration 033); null after a failed test. */
  webhook_test_passed_at: string | null;
  /** 1: mail-failure alerts go to this rule's webhook too. */
  system_alerts: number;
  paused: number;
  created_at: string;
  updated_at: string;
}

/** One mail-failure alert per UTC hour (`2026-11-27T05`), however many instances check. */
export interface MailAlertsTable {
  hour: string;
  failed: number;
  stale: number;
  last_failed_id: number;
  /** How many admins' e-mails and webhooks took it. */
  sent: number;
  error: string | null;
  created_at: string;
}

/**
 * The application form's positions (migration 016), which admins add and retire in the console.
 * No personal data: a position is a job's name.
 */
export interface PositionsTable {
  id: Generated<number>;
  name: string;
  /** The name folded for uniqueness (lower case, accents off): one "DevOps Engineer" whatever its case. */
  name_key: string;
  /** Where the form lists it: the seed's order, then each added one last. */
  sort_order: number;
  /** When an admin took it off the public form; null while the form offers it. */
  retired_at: string | null;
  created_at: string;
  /** Moves on with every change: part of the careers pages' stamp. */
  updated_at: string;
}

/** Each change of an enquiry's outcome (migration 017), removed with the submission. */
export interface EnquiryOutcomesTable {
  id: Generated<number>;
  submission_id: number;
  outcome: string;
  value: number | string | null;
  currency: string | null;
  staff_id: number;
  staff_name: string;
  created_at: string;
}

/** What erased enquiries added to the lead funnel: anonymous counts, "" for none (migration 017). */
export interface ErasedLeadCountsTable {
  day: string;
  source_path: string;
  source_referrer: string;
  source_campaign: string;
  answered: number;
  outcome: string;
  currency: string;
  enquiries: number;
  value: number | string;
}

/** Pages not found per day, path and referrer host, "" for none (migration 019). */
export interface NotFoundCountsTable {
  day: string;
  path: string;
  referrer_host: string;
  hits: number;
}

/** Old addresses answered with a 301 to a page of the site (migration 024, decision 062). */
export interface RedirectsTable {
  id: Generated<number>;
  from_path: string;
  to_path: string;
  reason: "added" | "slug change";
  /** The staff id of who made it; no foreign key: it outlives the staff row. */
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

/** Images uploaded in the console (migration 025, docs/decisions/063-images.md). */
export interface ImagesTable {
  id: string;
  rev: string;
  source_format: "jpeg" | "png" | "webp" | "avif";
  width: number;
  height: number;
  focal_x: number;
  focal_y: number;
  /** The image oriented, in sRGB, without metadata, at most 2880 px wide: the crops are cut from it. */
  master: Buffer;
  created_at: string;
  created_by: number | null;
}

export interface ImageVariantsTable {
  image_id: string;
  aspect: "original" | "16x9" | "1x1";
  width: number;
  height: number;
  format: "avif" | "webp";
  content: Buffer;
}

export interface ImageUsesTable {
  image_id: string;
  item_ref: string;
}

/** An item of one of marketing's collections (migration 026; server/content/store.ts). */
export interface ContentItemsTable {
  id: Generated<number>;
  collection: string;
  slug: string;
  live_slug: string | null;
  status: string;
  draft_data: string;
  published_data: string | null;
  live_revision: number | null;
  publish_at: string | null;
  scheduled_by: number | null;
  version: number;
  created_by: number | null;
  created_at: string;
  updated_by: number | null;
  updated_at: string;
  published_by: number | null;
  published_at: string | null;
}

/** One publication, restore or unpublication of a content item (migration 026). */
export interface ContentRevisionsTable {
  id: Generated<number>;
  item_id: number;
  number: number;
  data: string;
  slug: string;
  action: string;
  restored_from: number | null;
  staff_id: number | null;
  at: string;
}

export interface Database extends StaffConsoleTables {
  redirects: RedirectsTable;
  images: ImagesTable;
  image_variants: ImageVariantsTable;
  image_uses: ImageUsesTable;
  content_items: ContentItemsTable;
  content_revisions: ContentRevisionsTable;
  not_found_counts: NotFoundCountsTable;
  enquiry_outcomes: EnquiryOutcomesTable;
  pageview_rollups: PageviewRollupsTable;
  pageview_day_totals: PageviewDayTotalsTable;
  form_rollups: FormRollupsTable;
  vital_rollups: VitalRollupsTable;
  vital_month_rollups: VitalMonthRollupsTable;
  pageview_month_totals: PageviewMonthTotalsTable;
  vital_attributions: VitalAttributionsTable;
  erased_lead_counts: ErasedLeadCountsTable;
  decision_templates: DecisionTemplatesTable;
  job_roles: JobPostingsTable;
  submissions: SubmissionsTable;
  resumes: ResumesTable;
  outbox: OutboxTable;
  weekly_report_choices: WeeklyReportChoicesTable;
  weekly_reports: WeeklyReportsTable;
  counters: CountersTable;
  site_keys: SiteKeysTable;
  confirmations_sent: ConfirmationsSentTable;
  webhook_events: WebhookEventsTable;
  analytics_events: AnalyticsEventsTable;
  consent_records: ConsentRecordsTable;
  spam_reviews: SpamReviewsTable;
  spam_proofs_used: SpamProofsUsedTable;
  submission_reads: SubmissionReadsTable;
  reply_templates: ReplyTemplatesTable;
  submission_replies: SubmissionRepliesTable;
  routing_rules: RoutingRulesTable;
  mail_alerts: MailAlertsTable;
  positions: PositionsTable;
  conversation_tokens: ConversationTokensTable;
  inbound_messages: InboundMessagesTable;
  unmatched_mail: UnmatchedMailTable;
}

/** Inbound mail that attached to no conversation (migration 031): no address, subject or words. */
export interface UnmatchedMailTable {
  id: Generated<number>;
  received_at: string;
  reason: "no thread" | "unknown token" | "not the submitter" | "spam";
  via: "imap" | "webhook";
  /** The From address's domain, lower case; null without a From. */
  sender_domain: string | null;
  /** The conversation it claimed (a known token or thread), erased with it; null: none. */
  submission_id: number | null;
}
