/**
 * What the staff console's API answers, as schemas: the server's routes type their answers with
 * them (`satisfies`), the console's pages infer their types from them, and the server tests parse
 * real answers with them, so a field renamed on one side fails a test instead of a page.
 */
import { z } from "zod";
import {
  employmentTypes,
  officeCities,
  roleStates,
  salaryCurrencies,
  salaryPeriods,
  workplaces,
  type EmploymentType,
  type SalaryPeriod,
  type Workplace,
} from "./careers/roles";
import { submissionKinds, type SubmissionKind } from "./submission-kinds";
import { replyAnswer } from "./reply-answers";
import { leadSourceAnswer } from "./lead-source-answer";
import { permissions } from "./staff/permissions";

export { submissionKinds, type SubmissionKind };

const time = z.string();

/**
 * A staff member as the console names them: the staff role's name (a row of the table in
 * contracts/staff/permissions.ts) and its label, which the console shows and never compares.
 */
const staffMemberAnswer = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  role: z.string(),
  roleLabel: z.string(),
});

/** The signed-in person (`me`, sign-in, invitation), with what their role permits: the console's `can`. */
export const staffAnswer = staffMemberAnswer.extend({ permissions: z.array(z.enum(permissions)) });
export type StaffAnswer = z.infer<typeof staffAnswer>;

export const passkeyAnswer = z.object({
  id: z.string(),
  created_at: time,
  last_used_at: time.nullable(),
  revoked_at: time.nullable(),
});

export const personAnswer = staffMemberAnswer.extend({
  created_at: time,
  revoked_at: time.nullable(),
  passkeys: z.array(passkeyAnswer),
});
export type PersonAnswer = z.infer<typeof personAnswer>;

export const invitationAnswer = z.object({
  /** The token's hash: names the invitation without being a usable link. */
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.string(),
  roleLabel: z.string(),
  created_at: time,
  expires_at: time,
  /** Who made it; null: the command line. */
  invited_by: z.string().nullable(),
});
export type InvitationAnswer = z.infer<typeof invitationAnswer>;

/**
 * GET people: beside the people, the staff roles an invitation may give, by name and label, the
 * one that permits least first (the invite form's default).
 */
export const peopleAnswer = z.object({
  people: z.array(personAnswer),
  invitations: z.array(invitationAnswer),
  roles: z.array(z.object({ name: z.string(), label: z.string() })),
});
export type PeopleAnswer = z.infer<typeof peopleAnswer>;

/** POST invitations: the link, shown once. */
/**
 * POST invitations: the link, shown this once; whether it was e-mailed to the person, else why
 * not in words (decision 072), so the administrator passes it on by hand.
 */
export const invitationLinkAnswer = z.object({
  link: z.string(),
  mailed: z.boolean(),
  mailProblem: z.string().nullable(),
});
export type InvitationLinkAnswer = z.infer<typeof invitationLinkAnswer>;

/** POST people/:id/revoke. */
export const revocationAnswer = z.object({
  passkeys: z.number().int(),
  invitations: z.number().int(),
  sessions: z.number().int(),
});
export type RevocationAnswer = z.infer<typeof revocationAnswer>;

/** GET outbox: messages not yet sent. */
export const outboxMessageAnswer = z.object({
  id: z.number().int(),
  submission_id: z.number().int(),
  purpose: z.string(),
  recipient: z.string(),
  status: z.string(),
  attempts: z.number().int(),
  next_attempt_at: time,
  last_error: z.string().nullable(),
});
export type OutboxMessageAnswer = z.infer<typeof outboxMessageAnswer>;

const kind = z.enum(submissionKinds);

/** One value of a submission as the team reads it (contracts/forms/staff-view.ts). */
export const shownFieldAnswer = z.object({ label: z.string(), value: z.string(), multiLine: z.boolean() });
export type ShownFieldAnswer = z.infer<typeof shownFieldAnswer>;

/** A stored resume described, never its bytes; `fileName` is what a download is saved as. */
export const resumeAnswer = z.object({
  original_name: z.string(),
  detected_type: z.string(),
  size: z.number().int(),
  fileName: z.string(),
});
export type ResumeAnswer = z.infer<typeof resumeAnswer>;

/** One row of POST inbox: what the list shows, never a quarantined submission. */
export const inboxRowAnswer = z.object({
  id: z.number().int(),
  kind,
  created_at: time,
  /** The submitter's name as one line. */
  name: z.string(),
  /** The form's summary field (position, reason or feedback type), as shown. */
  about: z.string().nullable(),
  reference: z.string().nullable(),
  status: z.string(),
});
export type InboxRowAnswer = z.infer<typeof inboxRowAnswer>;

/**
 * The view's senders grouped by their address's domain ("3 from northwindlogistics.com"): domains
 * of two or more rows, free-mail providers left out (contracts/free-mail.ts), largest first.
 * Counted over the view's newest rows only (server/console/domain-groups.ts): `limited` says so.
 */
export const domainGroupsAnswer = z.object({
  groups: z.array(z.object({ domain: z.string(), count: z.number().int() })),
  limited: z.boolean(),
});
export type DomainGroupsAnswer = z.infer<typeof domainGroupsAnswer>;

/** POST inbox: one page, newest first. */
export const inboxAnswer = z.object({
  /** `unread`: not yet opened by the person asking (server/assignment/assignment.ts); their own reads only. */
  rows: z.array(inboxRowAnswer.extend({ unread: z.boolean() })),
  hasMore: z.boolean(),
  page: z.number().int(),
  domains: domainGroupsAnswer,
});
export type InboxAnswer = z.infer<typeof inboxAnswer>;

/**
 * When an application is due to be deleted, and why ("12 months after the decision on 3 March
 * 2026"): the rule of server/retention/application-retention.ts, the date the purge acts on.
 */
export const deletionAnswer = z.object({
  at: time,
  basis: z.enum(["arrival", "decision", "hired", "consent"]),
  reason: z.string(),
});
export type DeletionAnswer = z.infer<typeof deletionAnswer>;

/**
 * GET due: the applications whose deletion date falls within the next `days` days (or has passed
 * and the daily purge has not run yet), soonest first, with what HR needs to act: decide (the
 * application's page), ask the candidate's consent (their address, for a prepared e-mail), or
 * let it go.
 */
export const dueAnswer = z.object({
  days: z.number().int(),
  rows: z.array(
    z.object({
      id: z.number().int(),
      reference: z.string().nullable(),
      name: z.string(),
      email: z.string(),
      about: z.string().nullable(),
      status: z.string(),
      created_at: time,
      /** The candidate already agreed to be kept for future roles (asking again makes no sense). */
      consented: z.boolean(),
      deletion: deletionAnswer,
      /** Until when consent would keep it (the future-roles period from arrival), for the e-mail asking it. */
      kept_until: time,
    }),
  ),
});
export type DueAnswer = z.infer<typeof dueAnswer>;

/** A note on a submission (POST submissions/:id/notes answers the one added). */
export const noteAnswer = z.object({
  id: z.number().int(),
  staff_name: z.string(),
  body: z.string(),
  created_at: time,
});
export type NoteAnswer = z.infer<typeof noteAnswer>;

/**
 * GET submissions/:id: the submission's own columns, and its form's fields as the team reads them
 * (every stored field of its form, in the form's order, from the form's definition).
 */
export const submissionAnswer = z.object({
  id: z.number().int(),
  kind,
  reference: z.string().nullable(),
  name: z.string(),
  email: z.string(),
  fields: z.array(shownFieldAnswer),
  ip: z.string(),
  user_agent: z.string().nullable(),
  status: z.string(),
  created_at: time,
  /** Applications only (null for other kinds, whose periods do not depend on their handling). */
  deletion: deletionAnswer.nullable(),
  /** Applications: whether the candidate agreed to be kept for future roles (null for other kinds). */
  future_roles: z.boolean().nullable(),
  /** Where it was sent from: the site page, and with measurement consent the referrer and campaign (migration 014). */
  source: leadSourceAnswer,
});

/** A decision e-mail of an application: what was sent, by whom, and where its delivery stands. */
export const decisionMailAnswer = z.object({
  id: z.number().int(),
  /** The decision whose template it came from. */
  template: z.string(),
  recipient: z.string(),
  subject: z.string(),
  text: z.string(),
  queuedAt: time,
  queuedBy: z.string(),
  /** The outbox's state: pending (queued, retried until sent), sent (delivered to the mail server), failed. */
  status: z.enum(["pending", "sent", "failed"]),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  sentAt: time.nullable(),
});
export type DecisionMailAnswer = z.infer<typeof decisionMailAnswer>;

export const submissionDetailAnswer = z.object({
  submission: submissionAnswer,
  statuses: z.array(z.string()),
  resume: resumeAnswer.nullable(),
  messages: z.array(
    z.object({
      id: z.number().int(),
      purpose: z.string(),
      channel: z.string(),
      recipient: z.string(),
      status: z.string(),
      attempts: z.number().int(),
      last_error: z.string().nullable(),
      created_at: time,
      sent_at: time.nullable(),
    }),
  ),
  notes: z.array(noteAnswer),
  /** The role an application was sent for (issue 26): its slug and title as they read now; null otherwise. */
  role: z.object({ slug: z.string(), title: z.string() }).nullable(),
  /** The decision e-mails sent to the candidate (their words are not repeated in `notes`). */
  decisionMails: z.array(decisionMailAnswer),
  /** Replies sent to the sender of an enquiry or feedback from the console (issue 27). */
  replies: z.array(replyAnswer),
});
export type SubmissionDetailAnswer = z.infer<typeof submissionDetailAnswer>;

export const verdicts = ["spam", "review"] as const;

/** One quarantined submission as GET quarantine lists it, with the signals that caught it. */
export const quarantinedAnswer = z.object({
  id: z.number().int(),
  kind,
  reference: z.string().nullable(),
  createdAt: time,
  verdict: z.enum(verdicts),
  name: z.string(),
  email: z.string(),
  reasons: z.array(z.object({ signal: z.string(), text: z.string() })),
});
export type QuarantinedAnswer = z.infer<typeof quarantinedAnswer>;

/** GET quarantine. */
export const quarantineAnswer = z.array(quarantinedAnswer);
export type QuarantineAnswer = z.infer<typeof quarantineAnswer>;

/** GET quarantine/:id: every field as the team reads it and the resume's description (never its bytes). */
export const quarantinedDetailAnswer = quarantinedAnswer.extend({
  fields: z.array(shownFieldAnswer),
  resume: resumeAnswer.nullable(),
});
export type QuarantinedDetailAnswer = z.infer<typeof quarantinedDetailAnswer>;

/** POST quarantine/:id/release: the messages queued now. */
export const releaseAnswer = z.object({ queued: z.number().int() });
export type ReleaseAnswer = z.infer<typeof releaseAnswer>;

/** A quarantined submission deleted: how many submissions and résumé files went (what the console reports of it). */
export const quarantineDeletionAnswer = z.object({ submissions: z.number().int(), resumes: z.number().int() });
export type QuarantineDeletionAnswer = z.infer<typeof quarantineDeletionAnswer>;

/** What an audit entry records; the audit page filters by these. */
export const auditActions = [
  "sign-in",
  /** A passkey refused: unknown, revoked, its person revoked, or a failed verification. */
  "sign-in refused",
  "sign-out",
  "passkey created",
  "invitation",
  "cancel invitation",
  "view",
  /** Submissions listed with names and addresses (the CLI's list, spam list, outbox). */
  "list",
  "resume download",
  /** A resume opened in the console's viewer (decision 071). */
  "resume view",
  "status",
  "note",
  "export",
  /** A person's copy of their data (peoples-copy.ts), named by references only. */
  "copy",
  "erasure",
  /** The candidate's consent to be kept for future roles, recorded or withdrawn by the team. */
  "future roles",
  /** The retention periods applied by hand (the CLI's purge). */
  "purge",
  "select",
  "retry",
  "release",
  /** A quarantined submission deleted with every copy. */
  "delete",
  "revoke person",
  "revoke passkey",
  /** Roles HR edits (server/console/role-routes.ts): subject the role's title, detail what changed. */
  "role created",
  "role changed",
  "role published",
  "role closed",
  "role reopened",
  /** A decision e-mail queued for a candidate (named by template, never by its words). */
  "decision e-mail",
  /** A decision e-mail's template changed. */
  "decision template",
  /** An enquiry or feedback item given to a person, or taken back (detail: the staff names). */
  "assignment",
  /** An enquiry marked qualified, won or lost (detail: the outcome, and a won deal's value). */
  "outcome",
  /** A reply sent to an enquiry's or feedback's sender (named by its message, never by its words). */
  "reply",
  /** A reply template added, changed or deleted (named by its name). */
  "reply template",
  /** Routing rules (server/console/routing-routes.ts): subject `rule #id`, never the webhook's URL. */
  "routing rule added",
  "routing rule changed",
  "routing rule paused",
  "routing rule resumed",
  "routing rule deleted",
  /** A rule's failed chat messages queued again, or a test message sent to its webhook (decision 073). */
  "routing webhook retried",
  "routing webhook tested",
  /** A person changed their own signature (server/console/account-routes.ts): the length, never the words. */
  "signature changed",
  /** An administrator dismissed a record of inbound mail that matched no conversation. */
  "unmatched mail dismissed",
  /** The application form's positions (server/console/position-routes.ts): subject the position's name. */
  "position added",
  "position retired",
  "position offered again",
  /** The CLI's `backup`: subject the file's name, detail its schema version and checksum. */
  "backup",
  /** The CLI's `restore`, recorded in the restored database: the backup's checksum and date. */
  "restore",
  /** The CLI's `move-to-postgres`, recorded in the PostgreSQL database it filled. */
  "move to postgres",
  /** The CLI's `routing-key rotate`: how many webhooks were sealed with the new key. */
  "routing key rotated",
  /** Redirects (server/console/redirect-routes.ts, decision 062): subject "/old → /new". */
  "redirect added",
  "redirect removed",
  /** An image uploaded for content (server/images/): subject `image <id>`, detail its format and size, never its file name. */
  "image uploaded",
  "image focal point",
  /** An image deleted with its last use (the content store records it when `releaseImage` says so). */
  "image deleted",
  /**
   * Marketing's content (server/console/content-routes.ts, decision 065): subject the collection's
   * label and the item's title, detail its address, version and revision. Content holds no personal data.
   */
  "content created",
  "content saved",
  "content published",
  "content scheduled",
  "content published on schedule",
  "content unpublished",
  "content restored",
  "content preview link",
  /** The CLI's `content-import`: the case studies read from app/content/case-studies. */
  "content imported",
] as const;
export type AuditAction = (typeof auditActions)[number];

export const auditEntryAnswer = z.object({
  id: z.number().int(),
  at: time,
  /** The person, or `cli:<OS user>` for the command line; null in entries from before that. */
  staff_name: z.string().nullable(),
  action: z.string(),
  submission_id: z.number().int().nullable(),
  subject: z.string().nullable(),
  detail: z.string().nullable(),
});
export type AuditEntryAnswer = z.infer<typeof auditEntryAnswer>;

/** POST audit: one page of the filtered log, and the names the person filter offers. */
export const auditPageAnswer = z.object({
  page: z.number().int(),
  entries: z.array(auditEntryAnswer),
  hasMore: z.boolean(),
  people: z.array(z.string()),
});
export type AuditPageAnswer = z.infer<typeof auditPageAnswer>;

/** One submission an erasure would remove (GET submissions/:id/erase), and what it holds. */
export const erasureItemAnswer = z.object({
  id: z.number().int(),
  kind: z.enum(submissionKinds),
  /** Application number, else kind and id ("contact #12"): how the audit log names it. */
  reference: z.string(),
  created_at: time,
  quarantined: z.boolean(),
  resume: resumeAnswer.pick({ fileName: true, original_name: true, size: true }).nullable(),
  notes: z.number().int(),
  messages: z.number().int(),
});
export type ErasureItemAnswer = z.infer<typeof erasureItemAnswer>;

/** GET submissions/:id/erase: what an erasure by this person would remove, nothing outside their role. */
export const erasurePlanAnswer = z.object({
  /** Admins: every submission of the address and its confirmation records. */
  wholePerson: z.boolean(),
  items: z.array(erasureItemAnswer),
});
export type ErasurePlanAnswer = z.infer<typeof erasurePlanAnswer>;

/** POST submissions/:id/erase: what was removed. */
export const erasureAnswer = z.object({
  submissions: z.number().int(),
  references: z.array(z.string()),
  resumes: z.number().int(),
  notes: z.number().int(),
  messages: z.number().int(),
  mailFiles: z.number().int(),
  confirmationRecords: z.number().int(),
  webhookEvents: z.number().int(),
  /** False: old copies remain in the database's log for now; the server keeps retrying. */
  scrubbed: z.boolean(),
});
export type ErasureAnswer = z.infer<typeof erasureAnswer>;

/** POST submissions/:id/status: the status saved, and the deletion date it leads to (applications). */
export const statusAnswer = z.object({ status: z.string(), deletion: deletionAnswer.nullable() });
export type StatusAnswer = z.infer<typeof statusAnswer>;

/** POST erasure/scrub: a retry of the database scrub after an erasure could not finish it. */
export const scrubAnswer = z.object({ scrubbed: z.boolean() });
export type ScrubAnswer = z.infer<typeof scrubAnswer>;

// Roles ---------------------------------------------------------------------------------------
// HR's roles (server/console/role-routes.ts; the shape is contracts/careers/roles.ts). A role's
// description travels as the Markdown HR typed, never as HTML: the console's preview renders it
// with roleDescriptionHtml, as the site's pages do.

export const jobPostingAnswer = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  position: z.string(),
  offices: z.array(z.enum(officeCities)),
  employmentType: z.enum(Object.keys(employmentTypes) as [EmploymentType, ...EmploymentType[]]),
  workplace: z.enum(Object.keys(workplaces) as [Workplace, ...Workplace[]]),
  salary: z
    .object({
      min: z.number(),
      max: z.number(),
      currency: z.enum(salaryCurrencies),
      period: z.enum(Object.keys(salaryPeriods) as [SalaryPeriod, ...SalaryPeriod[]]),
    })
    .nullable(),
  description: z.string(),
  datePosted: z.string(),
  validThrough: z.string(),
  state: z.enum(roleStates),
  /** The version a change must be based on (sent back as `updatedAt`). */
  updatedAt: time,
});

/** Decided by the server's clock when it answers (isOpen), so every page agrees on "today". */
const roleStanding = {
  /** Published, posted and not past its last day: the public page takes applications. */
  open: z.boolean(),
  /** Published but past its last day. */
  expired: z.boolean(),
};

/** One row of GET roles. */
export const roleRowAnswer = jobPostingAnswer
  .pick({
    id: true,
    slug: true,
    title: true,
    offices: true,
    employmentType: true,
    workplace: true,
    state: true,
    datePosted: true,
    validThrough: true,
  })
  .extend(roleStanding);
export type RoleRowAnswer = z.infer<typeof roleRowAnswer>;

/**
 * What the role pages need beside the roles: the site's origin (the public links) and the
 * application form's positions a role may belong to.
 */
const roleSettings = { siteUrl: z.string(), positions: z.array(z.string()) };

/** GET roles: drafts and published first, newest posting first. */
export const rolesAnswer = z.object({ roles: z.array(roleRowAnswer), ...roleSettings });
export type RolesAnswer = z.infer<typeof rolesAnswer>;

/** GET roles/:id, and every change's answer: the role as saved now. */
export const roleDetailAnswer = z.object({ role: jobPostingAnswer, ...roleSettings, ...roleStanding });
export type RoleDetailAnswer = z.infer<typeof roleDetailAnswer>;

/**
 * A refused change's body beside `message`: one message per field, keyed by the field's name
 * (`salary.min` for a part of the salary), so the page shows each under its field.
 */
export const roleFieldErrors = z.record(z.string(), z.string());
export type RoleFieldErrors = z.infer<typeof roleFieldErrors>;
/** A decision e-mail's template (GET decision-templates; POST decision-templates answers the saved one). */
export const decisionTemplateAnswer = z.object({
  status: z.string(),
  subject: z.string(),
  body: z.string(),
  updated_at: time,
  /** "Name <address>" of the administrator; null for the first version. */
  updated_by: z.string().nullable(),
});
export type DecisionTemplateAnswer = z.infer<typeof decisionTemplateAnswer>;

/** POST submissions/:id/decision-mail/preview: the e-mail exactly as Send would queue it now. */
export const decisionPreviewAnswer = z.object({
  status: z.string(),
  recipient: z.string(),
  subject: z.string(),
  text: z.string(),
  /** E-mails for this decision already queued; Send carries it back ("send again" when above 0). */
  sent: z.number().int(),
});
export type DecisionPreviewAnswer = z.infer<typeof decisionPreviewAnswer>;

/** The kinds a person can own (issue 27): enquiries and feedback; applications follow their role. */
export const assignableKinds = ["contact", "feedback"] as const satisfies readonly SubmissionKind[];

/** The inbox's views: the person's own items, the items nobody (still with access) owns, all. */
export const inboxViews = ["mine", "unassigned", "all"] as const;
export type InboxView = (typeof inboxViews)[number];

/** GET/POST submissions/:id/assignment: who owns the item, and whom it may be given to. */
export const assignmentAnswer = z.object({
  /** `revoked`: the owner's access was taken away, so the item counts as unassigned. */
  assignee: z.object({ id: z.number().int(), name: z.string(), revoked: z.boolean() }).nullable(),
  assignedAt: time.nullable(),
  /** Not revoked, of a role that sees the item's kind; by name. */
  people: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type AssignmentAnswer = z.infer<typeof assignmentAnswer>;

/** GET inbox/views: how many items are in the person's views (their role's kinds, quarantine left out). */
export const inboxViewsAnswer = z.object({
  mine: z.number().int(),
  /** Of `mine`, those the person has not opened yet. */
  unread: z.number().int(),
  unassigned: z.number().int(),
});
export type InboxViewsAnswer = z.infer<typeof inboxViewsAnswer>;

/** A routing rule as the console shows it (GET routing): the webhook by its host only. */
export const routingRuleAnswer = z.object({
  id: z.number().int(),
  kind: z.enum(submissionKinds),
  reason: z.string().nullable(),
  position: z.string().nullable(),
  /** Words the message must hold (each starting a word), folded as the search folds them. */
  messageWords: z.string().nullable(),
  email: z.string().nullable(),
  webhookHost: z.string().nullable(),
  webhookFormat: z.enum(["slack", "teams", "generic"]).nullable(),
  systemAlerts: z.boolean(),
  paused: z.boolean(),
  /**
   * The webhook's last failure, until it takes a message again (decision 073): when, why in
   * words (never the URL), how many chat messages are parked as failed (Retry queues them), and
   * when a "Send a test" reached the webhook after it, if one has (decision 077).
   */
  webhookFailure: z
    .object({ at: time, problem: z.string(), failedMessages: z.number().int(), testPassedAt: time.nullable() })
    .nullable(),
  updated_at: time,
});
export type RoutingRuleAnswer = z.infer<typeof routingRuleAnswer>;

/** GET routing: the rules, whether webhooks can be saved (ROUTING_SECRET_KEY), and the positions to pick. */
export const routingAnswer = z.object({
  rules: z.array(routingRuleAnswer),
  keyConfigured: z.boolean(),
  positions: z.array(z.string()),
});
export type RoutingAnswer = z.infer<typeof routingAnswer>;

/** GET account: the person signed in, and their signature (null: none). */
export const accountAnswer = z.object({
  name: z.string(),
  email: z.string(),
  roleLabel: z.string(),
  signature: z.string().nullable(),
  /** Whether they get an e-mail (a link only) when a customer answers an item they own. */
  answerNotice: z.boolean(),
});
export type AccountAnswer = z.infer<typeof accountAnswer>;

/** POST account/answer-notice: the choice as kept. */
export const answerNoticeAnswer = z.object({ receive: z.boolean() });

/** POST account/signature: the signature as kept. */
export const signatureAnswer = z.object({ signature: z.string().nullable() });

/**
 * GET unmatched-mail (outbox:manage): inbound mail that attached to no conversation (decision
 * 073): when, why, how it came, the sender's domain and the submission it claimed; never an
 * address, subject or words.
 */
export const unmatchedMailAnswer = z.array(
  z.object({
    id: z.number().int(),
    received_at: time,
    reason: z.enum(["no thread", "unknown token", "not the submitter", "spam"]),
    via: z.enum(["imap", "webhook"]),
    sender_domain: z.string().nullable(),
    submission_id: z.number().int().nullable(),
  }),
);
export type UnmatchedMailAnswer = z.infer<typeof unmatchedMailAnswer>;

/** POST routing/:id/retry: how many failed chat messages of the rule were queued again. */
export const routingRetryAnswer = z.object({ queued: z.number().int() });
export type RoutingRetryAnswer = z.infer<typeof routingRetryAnswer>;

/** POST routing/:id/test: whether the test message was taken, else why in words. */
export const routingTestAnswer = z.object({ delivered: z.boolean(), problem: z.string().nullable() });
export type RoutingTestAnswer = z.infer<typeof routingTestAnswer>;

/** GET mail-health (admins): failed and stuck messages now, and when the last alert went out. */
export const mailHealthAnswer = z.object({
  failed: z.number().int(),
  stale: z.number().int(),
  lastAlertAt: time.nullable(),
});
export type MailHealthAnswer = z.infer<typeof mailHealthAnswer>;
/** One of the application form's positions (migration 016): offered on the form unless retired. */
export const positionAnswer = z.object({
  id: z.number().int(),
  name: z.string(),
  /** When an admin took it off the public form; null while the form offers it. */
  retiredAt: time.nullable(),
  /** Applications sent for it, and roles that name it (retiring one an open role names is refused). */
  applications: z.number().int(),
  roles: z.number().int(),
});
export type PositionAnswer = z.infer<typeof positionAnswer>;

/** GET positions: every position in the form's order, retired ones included. */
export const positionsAnswer = z.object({ positions: z.array(positionAnswer) });
export type PositionsAnswer = z.infer<typeof positionsAnswer>;
