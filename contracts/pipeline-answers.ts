/**
 * What the console's hiring pages are answered (issue 26, a pipeline per role): the counts per
 * stage, a role's applicants by stage, a candidate's applications, and the neighbours of an
 * application in the view it was opened from. The server types its answers with these and its
 * tests parse real answers with them, as console-answers.ts does for the rest of the console.
 */
import { z } from "zod";
import { submissionKinds } from "./submission-kinds";

const time = z.string();

/**
 * The inbox's `role` filter value for applications sent without a role (from the list, or before
 * roles were data). A slug is lower-case letters, digits and hyphens, so it can never be this.
 */
export const withoutRole = "_none";

/** Applications per stage, every stage of the pipeline present (0 when none). */
export const stageCountsAnswer = z.record(z.string(), z.number().int());

/** One role's line of the Hiring table. */
export const pipelineRoleAnswer = z.object({
  /** job_roles id; null for a slug stored on applications that no role has any more. */
  id: z.number().int().nullable(),
  slug: z.string(),
  title: z.string(),
  state: z.string(),
  position: z.string(),
  offices: z.array(z.string()),
  counts: stageCountsAnswer,
  total: z.number().int(),
});
export type PipelineRoleAnswer = z.infer<typeof pipelineRoleAnswer>;

/** GET hiring: the stages in order, each role's counts, and applications without a role per position. */
export const pipelineAnswer = z.object({
  stages: z.array(z.string()),
  roles: z.array(pipelineRoleAnswer),
  withoutRole: z.array(z.object({ position: z.string(), counts: stageCountsAnswer, total: z.number().int() })),
});
export type PipelineAnswer = z.infer<typeof pipelineAnswer>;

/** One applicant as the role's view lists them. */
export const applicantAnswer = z.object({
  id: z.number().int(),
  name: z.string(),
  created_at: time,
  reference: z.string().nullable(),
  /** Not yet opened by the person asking (the board's unread mark, as the inbox's). */
  unread: z.boolean(),
});
export type ApplicantAnswer = z.infer<typeof applicantAnswer>;

/** GET hiring/:id: the role, and its applicants by stage (newest first within a stage). */
export const roleApplicantsAnswer = z.object({
  role: pipelineRoleAnswer.omit({ counts: true, total: true }).extend({ id: z.number().int() }),
  stages: z.array(
    z.object({
      stage: z.string(),
      total: z.number().int(),
      /** The first `shown` of the stage; the rest are in the inbox, filtered by the role and stage. */
      applicants: z.array(applicantAnswer),
    }),
  ),
});
export type RoleApplicantsAnswer = z.infer<typeof roleApplicantsAnswer>;

/** GET submissions/:id/candidate: every submission of the same address this person may see. */
export const candidateAnswer = z.object({
  name: z.string(),
  email: z.string(),
  submissions: z.array(
    z.object({
      id: z.number().int(),
      kind: z.enum(submissionKinds),
      /** The name as typed on this submission (one address may sign differently). */
      name: z.string(),
      reference: z.string().nullable(),
      created_at: time,
      status: z.string(),
      /** The form's summary field (position, reason or feedback type), as shown. */
      about: z.string().nullable(),
      /** The role an application was sent for. */
      role: z.object({ slug: z.string(), title: z.string() }).nullable(),
    }),
  ),
});
export type CandidateAnswer = z.infer<typeof candidateAnswer>;

/** POST submissions/:id/neighbours: the submissions before and after it in the view, by id. */
export const neighboursAnswer = z.object({
  previous: z.number().int().nullable(),
  next: z.number().int().nullable(),
});
export type NeighboursAnswer = z.infer<typeof neighboursAnswer>;

// Bulk moves and decision e-mails from a role's board (issue 44, decision 071) -----------------

/** The most candidates one bulk request handles: a page of a stage, not a whole pipeline at once. */
export const bulkLimit = 50;

/** What becomes of one candidate in a bulk request. */
export const bulkOutcomes = [
  /** Moved, or queued. */
  "done",
  /** Erased, quarantined or not an application the person may handle. */
  "unavailable",
  /** Its stage is not the decision the e-mail is for. */
  "stage",
  /** An e-mail for this decision was queued since the preview (Send pressed twice, another tab). */
  "already sent",
] as const;

/** POST hiring/bulk/move: each candidate's outcome, in the order asked. */
export const bulkMoveAnswer = z.object({
  results: z.array(z.object({ id: z.number().int(), outcome: z.enum(bulkOutcomes), status: z.string().nullable() })),
});
export type BulkMoveAnswer = z.infer<typeof bulkMoveAnswer>;

/** POST hiring/bulk/decision-mail/preview: the e-mail each candidate would get, as sent. */
export const bulkPreviewAnswer = z.object({
  previews: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      /** The candidate's current stage: Send queues only for those at the decision. */
      stage: z.string(),
      recipient: z.string(),
      subject: z.string(),
      text: z.string(),
      /** E-mails for this decision already queued for the candidate; Send carries it back. */
      sent: z.number().int(),
    }),
  ),
  unavailable: z.array(z.number().int()),
});
export type BulkPreviewAnswer = z.infer<typeof bulkPreviewAnswer>;

/** POST hiring/bulk/decision-mail: each candidate's outcome, with the outbox row when queued. */
export const bulkSendAnswer = z.object({
  results: z.array(
    z.object({ id: z.number().int(), outcome: z.enum(bulkOutcomes), outbox: z.number().int().nullable() }),
  ),
});
export type BulkSendAnswer = z.infer<typeof bulkSendAnswer>;
