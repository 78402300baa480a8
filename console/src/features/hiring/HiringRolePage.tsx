import { CardTable } from "../../ui/CardTable";
import { roleApplicantsAnswer } from "@contracts/pipeline-answers";
import { Link, useLoaderData } from "react-router";
import { api, formatTime } from "../../api";
import { useTitle } from "../../ui/useTitle";
import { inboxHref } from "../inbox/inbox-filters";

/**
 * One role's applicants by stage, newest first within each. Each opens with this view's
 * Previous and Next (`?hiring=<id>`: the server walks the same list).
 */
export const hiringRoleLoader = (id: number) => api(`hiring/${id}`, roleApplicantsAnswer);

export function HiringRolePage() {
  const data = useLoaderData<typeof hiringRoleLoader>();
  useTitle(`${data.role.title}: applicants`);

  const back = (
    <p>
      <Link to="/hiring">Hiring</Link>
    </p>
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
        <Link to={inboxHref({ kind: "application", role: role.slug })}>Open them in the inbox</Link>
        {" · "}
        <Link to={inboxHref({ kind: "application", position: role.position })}>Every {role.position} application</Link>
      </p>
      {data.stages.map((stage) => (
        <section key={stage.stage} aria-labelledby={`stage-${stage.stage.replace(/\W+/g, "-")}`} className="stage">
          <h2 id={`stage-${stage.stage.replace(/\W+/g, "-")}`}>
            {stage.stage} <span className="hint">({stage.total})</span>
          </h2>
          {stage.total === 0 ? (
            <p className="hint">Nobody at this stage.</p>
          ) : (
            <CardTable
              caption={`${role.title}: ${stage.stage}, newest first`}
              columns={["Name", "Received", "Reference"]}
            >
              {stage.applicants.map((a) => (
                <tr key={a.id}>
                  <th scope="row">
                    <Link to={`/submissions/${a.id}?hiring=${role.id}`}>{a.name}</Link>
                  </th>
                  <td data-label="Received">{formatTime(a.created_at)}</td>
                  <td data-label="Reference">{a.reference ?? "–"}</td>
                </tr>
              ))}
            </CardTable>
          )}
          {stage.total > stage.applicants.length && (
            <p>
              <Link to={inboxHref({ kind: "application", role: role.slug, status: stage.stage })}>
                All {stage.total} at “{stage.stage}” in the inbox
              </Link>
            </p>
          )}
        </section>
      ))}
    </>
  );
}
