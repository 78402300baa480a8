import { statusAnswer } from "@contracts/console-answers";
import type { ErasureAnswer } from "@contracts/console-answers";
import { useState } from "react";
import { can } from "@contracts/staff/permissions";
import { api, deletionText, formatTime, kindNames, type Staff, errorText } from "../../api";
import { Assignment } from "./Assignment";
import { DecisionHistory } from "./DecisionHistory";
import { DecisionMail, isDecision } from "./DecisionMail";
import { ErasedNotice } from "./ErasedNotice";
import { ErasureSection } from "./ErasureSection";
import { Link, useLoaderData } from "react-router";
import { MessageList } from "./MessageList";
import { NotesSection } from "./NotesSection";
import { ReplyBox } from "./ReplyBox";
import { FutureRoles } from "./FutureRoles";
import { LeadSource } from "./LeadSource";
import { OutcomeSection } from "./OutcomeSection";
import { SubmissionDetails } from "./SubmissionDetails";
import { useTitle } from "../../ui/useTitle";
import { BackToView, ViewNeighbours } from "./ViewNeighbours";
import type { submissionLoader } from "./submission-loader";

/**
 * One submission: its details, its handling (assignment, status, decision mail, reply, notes,
 * messages) and erasure, each a part beside this file. Its data comes from its loader
 * (submission-loader.ts), once: a change updates the page in place, since loading it again would
 * record another view in the audit log.
 */
export function SubmissionPage({ id, staff }: { id: number; staff: Staff }) {
  const loaded = useLoaderData<typeof submissionLoader>();
  const [detail, setDetail] = useState(loaded.detail);
  const [error, setError] = useState("");
  const [status, setStatus] = useState(loaded.detail.submission.status);
  const [saved, setSaved] = useState("");
  const [erased, setErased] = useState<{ answer: ErasureAnswer; wholePerson: boolean } | null>(null);
  const s = detail.submission;
  useTitle(s.reference ?? `${kindNames[s.kind]} from ${s.name}`);

  if (erased) return <ErasedNotice answer={erased.answer} wholePerson={erased.wholePerson} />;

  const saveStatus = async () => {
    setSaved("");
    try {
      const r = await api(`submissions/${id}/status`, statusAnswer, { status });
      // A decision moves the deletion date (docs/decisions/033): said where the person looks.
      setSaved(`Status saved: ${status}.${r.deletion ? ` Deletion date: ${deletionText(r.deletion)}.` : ""}`);
      // Updated in place: reloading the page would log another view in the audit log.
      setDetail({ ...detail, submission: { ...s, status: r.status, deletion: r.deletion } });
    } catch (err) {
      setSaved(errorText(err));
    }
  };

  const title = s.reference ? `Application ${s.reference}` : `${kindNames[s.kind]} from ${s.name}`;

  return (
    <>
      <BackToView />
      <h1 tabIndex={-1}>{title}</h1>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      <ViewNeighbours near={loaded.near} noun={s.kind === "application" ? "application" : "submission"} />
      <LeadSource source={s.source} />
      {s.kind === "application" && can(staff, "submissions:read:application") && (
        <p className="candidate-address">
          <Link to={`/submissions/${id}/candidate`}>Every application from {s.email}</Link>
        </p>
      )}
      <div className="columns">
        <SubmissionDetails
          before={[
            ["Kind", kindNames[s.kind]],
            ["Received", formatTime(s.created_at)],
            ["Application number", s.reference],
            ["Role applied for", detail.role?.title ?? null],
            ["Deletion date", s.deletion ? deletionText(s.deletion) : null],
          ]}
          fields={s.fields}
          after={[
            ["IP address", s.ip || null],
            ["Browser", s.user_agent],
          ]}
          resume={detail.resume}
          resumeHref={`/admin/api/submissions/${id}/resume`}
          resumeViewHref={`/admin/api/submissions/${id}/resume/view`}
        />
        <section aria-labelledby="h-handling">
          <h2 id="h-handling">Handling</h2>
          <Assignment id={id} kind={s.kind} staff={staff} loaded={loaded.assignment} />
          {can(staff, "submissions:update") ? (
            <form
              onSubmit={(e) => {
                e.preventDefault();
                void saveStatus();
              }}
              className="inline"
            >
              <label htmlFor="status">Status</label>
              <select id="status" value={status} onChange={(e) => setStatus(e.target.value)}>
                {detail.statuses.map((st) => (
                  <option key={st} value={st}>
                    {st}
                  </option>
                ))}
              </select>
              <button type="submit">Save status</button>
            </form>
          ) : (
            <p>Status: {s.status}</p>
          )}
          <div aria-live="polite">{saved && <p className="hint">{saved}</p>}</div>
          {s.future_roles !== null && can(staff, "applications:retention") && (
            <FutureRoles
              id={id}
              consented={s.future_roles}
              onSaved={(consented, deletion) =>
                setDetail({ ...detail, submission: { ...s, future_roles: consented, deletion } })
              }
            />
          )}
          {s.kind === "application" && isDecision(s.status) && can(staff, "decisions:send") && (
            <DecisionMail
              key={s.status}
              submissionId={id}
              status={s.status}
              onQueued={(mail) => setDetail((d) => ({ ...d, decisionMails: [...d.decisionMails, mail] }))}
            />
          )}
          <DecisionHistory mails={detail.decisionMails} />
          {s.kind === "contact" && <OutcomeSection id={id} staff={staff} />}
          {s.kind !== "application" && can(staff, "replies:send") && (
            <ReplyBox submissionId={id} name={s.name} replies={detail.replies} onSent={() => setStatus("answered")} />
          )}
          <NotesSection
            id={id}
            staff={staff}
            notes={detail.notes}
            onAdded={(added) => setDetail({ ...detail, notes: [...detail.notes, added] })}
          />
          <MessageList messages={detail.messages} />
          <ErasureSection
            id={id}
            staff={staff}
            name={s.name}
            email={s.email}
            onErased={(answer, wholePerson) => setErased({ answer, wholePerson })}
            onFailed={setError}
          />
        </section>
      </div>
    </>
  );
}
