import type { RoleApplicantsAnswer } from "@contracts/pipeline-answers";
import { useEffect, useState } from "react";
import { api, errorText, formatTime } from "../api";
import { onLinkClick } from "../router";
import { useTitle } from "../useTitle";
import { inboxHref } from "./inbox-filters";

/**
 * One role's applicants by stage, newest first within each. Each opens with this view's
 * Previous and Next (`?hiring=<id>`: the server walks the same list).
 */
export function HiringRolePage({ id }: { id: number }) {
  const [data, setData] = useState<RoleApplicantsAnswer | null>(null);
  const [error, setError] = useState("");
  useTitle(data ? `${data.role.title}: applicants` : "Role");
  useEffect(() => {
    api<RoleApplicantsAnswer>(`hiring/${id}`).then(setData, (e: unknown) => setError(errorText(e)));
  }, [id]);

  const back = (
    <p>
      <a href="/admin/hiring" onClick={onLinkClick}>
        Hiring
      </a>
    </p>
  );
  // The same heading element loading and loaded, so the focus the page's opening gave it stays.
  if (error) {
    return (
      <>
        {back}
        <h1 tabIndex={-1}>Role</h1>
        <p className="error" role="alert">
          {error}
        </p>
      </>
    );
  }
  if (!data)
    return (
      <>
        {back}
        <h1 tabIndex={-1}>Role</h1>
      </>
    );
  const { role } = data;
  const total = data.stages.reduce((n, s) => n + s.total, 0);
  return (
    <>
      {back}
      <h1 tabIndex={-1}>{role.title}</h1>
      <p>
        {[role.offices.join(", "), role.position, role.state].filter(Boolean).join(" · ")}.{" "}
        {total === 1 ? "One application" : `${total} applications`}.{" "}
        <a href={inboxHref({ kind: "application", role: role.slug })} onClick={onLinkClick}>
          Open them in the inbox
        </a>
        {" · "}
        <a href={inboxHref({ kind: "application", position: role.position })} onClick={onLinkClick}>
          Every {role.position} application
        </a>
      </p>
      {data.stages.map((stage) => (
        <section key={stage.stage} aria-labelledby={`stage-${stage.stage.replace(/\W+/g, "-")}`} className="stage">
          <h2 id={`stage-${stage.stage.replace(/\W+/g, "-")}`}>
            {stage.stage} <span className="hint">({stage.total})</span>
          </h2>
          {stage.total === 0 ? (
            <p className="hint">Nobody at this stage.</p>
          ) : (
            <table className="cards">
              <caption className="visually-hidden">
                {role.title}: {stage.stage}, newest first
              </caption>
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Received</th>
                  <th scope="col">Reference</th>
                </tr>
              </thead>
              <tbody>
                {stage.applicants.map((a) => (
                  <tr key={a.id}>
                    <th scope="row">
                      <a href={`/admin/submissions/${a.id}?hiring=${role.id}`} onClick={onLinkClick}>
                        {a.name}
                      </a>
                    </th>
                    <td data-label="Received">{formatTime(a.created_at)}</td>
                    <td data-label="Reference">{a.reference ?? "–"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {stage.total > stage.applicants.length && (
            <p>
              <a href={inboxHref({ kind: "application", role: role.slug, status: stage.stage })} onClick={onLinkClick}>
                All {stage.total} at “{stage.stage}” in the inbox
              </a>
            </p>
          )}
        </section>
      ))}
    </>
  );
}
