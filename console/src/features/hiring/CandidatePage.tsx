import { CardTable } from "../../ui/CardTable";
import { candidateAnswer } from "@contracts/pipeline-answers";
import { Link, useLoaderData } from "react-router";
import { api, formatTime, kindNames } from "../../api";
import { useTitle } from "../../ui/useTitle";

/**
 * A candidate: every submission from the address of one of theirs, newest first, as far as the
 * person's role sees. The address never goes in this page's URL: the server finds it from the
 * submission's id (and logs the view).
 */
export const candidateLoader = (id: number) => api(`submissions/${id}/candidate`, candidateAnswer);

export function CandidatePage({ id }: { id: number }) {
  const data = useLoaderData<typeof candidateLoader>();
  useTitle(`Candidate ${data.name}`);

  const back = (
    <p>
      <Link to={`/submissions/${id}`}>Back to the submission</Link>
    </p>
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
      <CardTable
        caption={`Submissions from ${data.email}, newest first`}
        columns={["Reference", "Name given", "Received", "Applied for, or about", "Status"]}
      >
        {data.submissions.map((s) => (
          <tr key={s.id} aria-current={s.id === id ? "true" : undefined}>
            <th scope="row">
              <Link to={`/submissions/${s.id}`}>{s.reference ?? `${kindNames[s.kind]} #${s.id}`}</Link>
              {s.id === id && <span className="hint"> (opened from)</span>}
            </th>
            <td data-label="Name given">{s.name}</td>
            <td data-label="Received">{formatTime(s.created_at)}</td>
            <td data-label="Applied for, or about">{s.role?.title ?? s.about ?? "–"}</td>
            <td data-label="Status">{s.status}</td>
          </tr>
        ))}
      </CardTable>
    </>
  );
}
