/**
 * The people's copy (right of access and portability, Privacy Policy "Your rights"): everything
 * held about one e-mail address in one zip. Every submission of every kind, quarantined ones
 * too, as JSON with its status, the staff's notes and the messages sent about it; each resume as
 * the file that was uploaded; and the cookie-consent records, which hold no address and are
 * found by the consent IDs the person gives (Cookie Settings shows theirs). Used by the console
 * (admin only) and the CLI's `copy`; both audit it by reference, never by address.
 */
import { Zip, ZipDeflate, ZipPassThrough } from "fflate";
import type { Kysely } from "kysely";
import { once } from "node:events";
import type { Writable } from "node:stream";
import { z } from "zod";
import type { Storage } from "../db/db";
import type { Database } from "../db/schema";
import { resumeFileName } from "../uploads/resume-name";
import { appendAudit, type AuditEntry } from "./audit";
import { repliesForCopy } from "../replies/replies";
import { answersForCopy } from "../replies/conversation";

/** A consent ID as the browser makes it (contracts/analytics.ts). */
const consentId = z.string().regex(/^[0-9a-f]{32}$/, "A consent ID is 32 characters, 0-9 and a-f.");

export const peoplesCopyRequest = z.object({
  email: z.string().trim().pipe(z.email("Enter the person's e-mail address.").max(254)),
  consentIds: z.array(consentId).max(20, "Give at most 20 consent IDs.").default([]),
});
export type PeoplesCopyRequest = z.input<typeof peoplesCopyRequest>;

export interface PeoplesCopy {
  /** Application numbers and "<kind> <id>" of the submissions included, for the audit log. */
  references: string[];
  counts: { submissions: number; resumes: number; notes: number; consentRecords: number };
  /**
   * Writes the zip to `out` and ends it. The resumes are read one at a time as they are written,
   * so the copy of someone with a hundred applications never sits in memory whole.
   */
  write(out: Writable): Promise<void>;
}

const te = new TextEncoder();
const json = (value: unknown) => te.encode(`${JSON.stringify(value, null, 2)}\n`);

const readme = (
  at: string,
  counts: PeoplesCopy["counts"],
) => `A copy of the personal data Altiva Cloud Technologies Ltd. holds about one e-mail address,
made ${at}.

submissions/       one JSON file per form you sent us (enquiries, job applications and
                   feedback), with everything you typed, the handling status, the notes our
                   staff wrote about it and the e-mails our website sent about it
resumes/           each resume exactly as you uploaded it
consent-records.json
                   the choices recorded from the cookie notice and Cookie Settings under the
                   consent IDs given with the request

This copy holds ${counts.submissions} submission(s), ${counts.resumes} resume(s), ${counts.notes} note(s) and ${counts.consentRecords} consent record(s).
The JSON files can be read by any text editor and imported into other systems.
Questions: privacy@altivacloud.com
`;

/**
 * A zip written as it is made: each entry goes out to `out` as soon as it is compressed, and
 * `add` waits while `out` is full. Dates inside the zip are the copy's own (zip cannot store
 * dates before 1980).
 */
function zipTo(out: Writable, mtime: Date) {
  let failed: Error | undefined;
  const zip = new Zip((error, chunk, final) => {
    if (error) failed = error;
    else out.write(chunk);
    if (final || error) out.end();
  });
  return {
    /** Compressed unless `stored` (a PDF or Word file gains nothing from it). */
    async add(name: string, bytes: Uint8Array, stored = false) {
      const entry = stored ? new ZipPassThrough(name) : new ZipDeflate(name, { level: 6 });
      entry.mtime = mtime;
      zip.add(entry);
      entry.push(bytes, true);
      if (failed) throw failed;
      if (out.writableNeedDrain) await once(out, "drain");
    },
    async end() {
      zip.end();
      if (failed) throw failed;
      if (!out.writableFinished) await once(out, "finish");
    },
  };
}

/** Gathers the copy; it reads only, so a failure leaves nothing changed. */
export async function makePeoplesCopy(
  storage: Pick<Storage, "transaction" | "db">,
  request: PeoplesCopyRequest,
  now: Date,
): Promise<PeoplesCopy> {
  const { email, consentIds } = peoplesCopyRequest.parse(request);
  const address = email.toLowerCase();
  // One consistent picture even while the inbox changes.
  const gathered = await storage.transaction(async (trx) => {
    const submissions = await trx
      .selectFrom("submissions")
      .selectAll()
      .where((eb) => eb(eb.fn("lower", ["email"]), "=", address))
      .orderBy("created_at")
      .orderBy("id")
      .execute();
    const ids = submissions.map((s) => s.id);
    const [resumes, notes, messages] =
      ids.length === 0
        ? [[], [], []]
        : await Promise.all([
            trx
              .selectFrom("resumes")
              .select(["submission_id", "original_name", "detected_type", "size", "sha256"])
              .where("submission_id", "in", ids)
              .execute(),
            trx
              .selectFrom("submission_notes")
              .select(["submission_id", "body", "created_at"])
              .where("submission_id", "in", ids)
              .orderBy("created_at")
              .orderBy("id")
              .execute(),
            trx
              .selectFrom("outbox")
              .select(["submission_id", "channel", "purpose", "recipient", "status", "created_at", "sent_at"])
              .where("submission_id", "in", ids)
              // The team's own note to a colleague (issue 27): it carries nothing of the person but a staff address.
              .where("purpose", "!=", "assign")
              .orderBy("id")
              .execute(),
          ]);
    // The replies the team wrote to them (issue 27): the words as sent, and when.
    const replies = ids.length === 0 ? [] : await repliesForCopy(trx, ids);
    // Their answers that came back by e-mail (issue 44).
    const answers = ids.length === 0 ? [] : await answersForCopy(trx, ids);
    const consentRecords =
      consentIds.length === 0
        ? []
        : await trx
            .selectFrom("consent_records")
            .select([
              "consent_id",
              "action",
              "performance",
              "functional",
              "marketing",
              "policy_version",
              "browser_refusal",
              "created_at",
            ])
            .where("consent_id", "in", consentIds)
            .orderBy("created_at")
            .orderBy("id")
            .execute();

    const files: Record<string, Uint8Array> = {};
    const resumeFiles: { path: string; submissionId: number }[] = [];
    const references: string[] = [];
    for (const s of submissions) {
      const reference = s.reference ?? `${s.kind} ${s.id}`;
      references.push(reference);
      const resume = resumes.find((r) => r.submission_id === s.id);
      const resumePath = resume ? `resumes/${resumeFileName(s.reference, resume.detected_type)}` : undefined;
      if (resume && resumePath) resumeFiles.push({ path: resumePath, submissionId: s.id });
      const { spam_reasons, ...row } = s;
      files[`submissions/${s.id}-${s.reference ?? s.kind}.json`] = json({
        submission: { ...row, spam_reasons: spam_reasons ? (JSON.parse(spam_reasons) as unknown) : null },
        resume: resume
          ? {
              file: resumePath,
              uploaded_as: resume.original_name,
              type: resume.detected_type,
              size: resume.size,
              sha256: resume.sha256,
            }
          : null,
        // The note's words and date; the colleague who wrote it is not the person's data.
        notes: notes.filter((n) => n.submission_id === s.id).map(({ body, created_at }) => ({ body, created_at })),
        messages: messages.filter((m) => m.submission_id === s.id).map(({ submission_id: _, ...m }) => m),
        replies: replies.filter((r) => r.submission_id === s.id).map(({ submission_id: _, ...r }) => r),
        answers: answers.filter((a) => a.submission_id === s.id).map(({ submission_id: _, ...a }) => a),
      });
    }
    files["consent-records.json"] = json(consentRecords);
    const counts = {
      submissions: submissions.length,
      resumes: resumes.length,
      notes: notes.length,
      consentRecords: consentRecords.length,
    };
    files["README.txt"] = te.encode(readme(now.toISOString(), counts));
    return { files, resumeFiles, references, counts };
  });
  // Written after the transaction, so it holds no database lock while the zip goes out.
  const { files, resumeFiles, references, counts } = gathered;
  return {
    references,
    counts,
    async write(out) {
      const zip = zipTo(out, now);
      try {
        for (const [name, bytes] of Object.entries(files)) await zip.add(name, bytes);
        for (const { path, submissionId } of resumeFiles) {
          const resume = await storage.db
            .selectFrom("resumes")
            .select("content")
            .where("submission_id", "=", submissionId)
            .executeTakeFirst();
          // Erased since the copy was gathered: what is gone is not sent.
          if (resume) await zip.add(path, new Uint8Array(resume.content), true);
        }
        await zip.end();
      } catch (error) {
        out.destroy(error as Error);
        throw error;
      }
    },
  };
}

/** What the copy holds, in counts only: shown to whoever made it (a mistyped address gives zeros). */
export function copyCounts({ counts: c }: PeoplesCopy): string {
  return `${c.submissions} submission(s), ${c.resumes} resume(s), ${c.notes} note(s), ${c.consentRecords} consent record(s)`;
}

/** The audit entry's detail: the references and counts, never the address. */
export function describeCopy(copy: PeoplesCopy): string {
  const { counts } = copy;
  const held = copy.references.length ? copy.references.join(", ") : "no submissions";
  return `${held}; ${counts.resumes} resume(s), ${counts.notes} note(s), ${counts.consentRecords} consent record(s)`;
}

export async function auditCopy(
  db: Kysely<Database>,
  staff: AuditEntry["staff"],
  copy: PeoplesCopy,
  now: Date,
): Promise<void> {
  await appendAudit(db, { staff, action: "copy", detail: describeCopy(copy) }, now);
}

/** The download's name: the date only, so no address reaches a file name or a log. */
export const copyFileName = (now: Date) => `peoples-copy-${now.toISOString().slice(0, 10)}.zip`;
