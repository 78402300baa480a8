import { useEffect, useState } from "react";
import { api, formatTime } from "../api";
import { onLinkClick } from "../router";
import { useTitle } from "../useTitle";
import { Pager } from "../Pager";

interface Entry {
  id: number;
  at: string;
  staff_name: string | null;
  action: string;
  submission_id: number | null;
  subject: string | null;
  detail: string | null;
}

export function AuditPage() {
  useTitle("Audit log");
  const [page, setPage] = useState(1);
  const [data, setData] = useState<{ entries: Entry[]; hasMore: boolean } | null>(null);
  const [error, setError] = useState("");
  useEffect(() => {
    api<{ entries: Entry[]; hasMore: boolean }>(`audit?page=${page}`).then(setData, (e: Error) => setError(e.message));
  }, [page]);

  return (
    <>
      <h1 tabIndex={-1}>Audit log</h1>
      <p>
        Every sign-in, view of a submission, resume download, export, status change, note, erasure, invitation, and
        release or deletion from quarantine, newest first. Nobody can change or delete an entry here; entries are kept
        24 months.
      </p>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      {data && (
        <>
          <table className="cards">
            <caption className="visually-hidden">Audit log, page {page}</caption>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Who</th>
                <th scope="col">What</th>
                <th scope="col">Submission or person</th>
                <th scope="col">Detail</th>
              </tr>
            </thead>
            <tbody>
              {data.entries.map((e) => (
                <tr key={e.id}>
                  <th scope="row">{formatTime(e.at)}</th>
                  <td data-label="Who">{e.staff_name ?? "Command line"}</td>
                  <td data-label="What">{e.action}</td>
                  <td data-label="Submission or person">
                    {e.submission_id && e.action !== "erasure" && e.action !== "delete" ? (
                      <a href={`/admin/submissions/${e.submission_id}`} onClick={onLinkClick}>
                        {e.subject}
                      </a>
                    ) : (
                      (e.subject ?? "–")
                    )}
                  </td>
                  <td data-label="Detail">{e.detail ?? "–"}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pager page={page} hasMore={data.hasMore} onPage={setPage} />
        </>
      )}
    </>
  );
}
