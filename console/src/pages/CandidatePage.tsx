import type { CandidateAnswer } from "@contracts/pipeline-answers";
import { useEffect, useState } from "react";
import { api, errorText, formatTime, kindNames } from "../api";
import { onLinkClick } from "../router";
import { useTitle } from "../useTitle";

/**
 * A candidate: every submission from the address of one of theirs, newest first, as far as the
 * person's role sees. The address never goes in this page's URL: the server finds it from the
 * submission's id (and logs the view).
 */
export function CandidatePage({ id }: { id: number }) {
  const [data, setData] = useState<CandidateAnswer | null>(null);
  const [error, setError] = useState("");
  useTitle(data ? `Candidate ${data.name}` : "Candidate");
  useEffect(() => {
    api<CandidateAnswer>(`submissions/${id}/candidate`).then(setData, (e: unknown) => setError(errorText(e)));
  }, [id]);

  const back = (
    <p>
      <a href={`/admin/submissions/${id}`} onClick={onLinkClick}>
        Back to the submission
      </a>
    </p>
  );
  if (error) {
    return (
      <>
        {back}
        <h1 tabIndex={-1}>Candidate</h1>
        <p className="error" role="alert">
          {error}
        </p>
      </>
    );
  }
  // The same heading element loading and loaded, so the focus the page's opening gave it stays.
  if (!data)
    return (
      <>
        {back}
        <h1 tabIndex={-1}>Candidate</h1>
      </>
    );
  const applications = data.submissions.filter((s) => s.kind === "application").length;
  return (
    <>
      {back}
      <h1 tabIndex={-1}>{data.name}</h1>
      <p className="candidate-address">
        {data.email}: {applications === 1 ? "one application" : `${applications} applications`}
        {data.submissions.length > applications
          ? `, and ${data.submissions.length - applications} other submission(s)`
          : ""}
        , newest first.
      </p>
      <table className="cards">
        <caption className="visually-hidden">Submissions from {data.email}, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Reference</th>
            <th scope="col">Name given</th>
            <th scope="col">Received</th>
            <th scope="col">Applied for, or about</th>
            <th scope="col">Status</th>
          </tr>
        </thead>
        <tbody>
          {data.submissions.map((s) => (
            <tr key={s.id} aria-current={s.id === id ? "true" : undefined}>
              <th scope="row">
                <a href={`/admin/submissions/${s.id}`} onClick={onLinkClick}>
                  {s.reference ?? `${kindNames[s.kind]} #${s.id}`}
                </a>
                {s.id === id && <span className="hint"> (opened from)</span>}
              </th>
              <td data-label="Name given">{s.name}</td>
              <td data-label="Received">{formatTime(s.created_at)}</td>
              <td data-label="Applied for, or about">{s.role?.title ?? s.about ?? "–"}</td>
              <td data-label="Status">{s.status}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
