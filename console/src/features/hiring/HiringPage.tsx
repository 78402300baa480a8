import { pipelineAnswer, withoutRole } from "@contracts/pipeline-answers";
import { Link, useLoaderData } from "react-router";
import { api } from "../../api";
import { useTitle } from "../../ui/useTitle";
import { inboxHref } from "../inbox/inbox-filters";

/**
 * Hiring: every role (drafts and closed ones too) against the pipeline's stages, each count a
 * link to the inbox filtered by that role and stage; then the applications sent without a role,
 * per position. Quarantined applications are in no count (the server leaves them out).
 */
export const hiringLoader = () => api("hiring", pipelineAnswer);

export function HiringPage() {
  useTitle("Hiring");
  const data = useLoaderData<typeof hiringLoader>();

  return (
    <>
      <h1 tabIndex={-1}>Hiring</h1>
      {data && (
        <>
          <p className="hint">
            Applications per stage, spam and submissions held for review left out. A number opens those applications in
            the inbox.
          </p>
          <table className="cards pipeline">
            <caption className="visually-hidden">Applications per role and stage</caption>
            <StagesHead first="Role" stages={data.stages} />
            <tbody>
              {data.roles.map((role) => (
                <tr key={role.slug}>
                  <th scope="row">
                    {role.id !== null ? <Link to={`/hiring/${role.id}`}>{role.title}</Link> : role.title}
                    <span className="hint role-facts">
                      {[role.offices.join(", "), role.state === "published" ? "" : role.state]
                        .filter(Boolean)
                        .join(" · ")}
                    </span>
                  </th>
                  {data.stages.map((stage) => (
                    <Count
                      key={stage}
                      label={stage}
                      n={role.counts[stage] ?? 0}
                      href={inboxHref({ kind: "application", role: role.slug, status: stage })}
                      of={`${role.title}, ${stage}`}
                    />
                  ))}
                  <Count
                    label="All"
                    n={role.total}
                    href={inboxHref({ kind: "application", role: role.slug })}
                    of={`${role.title}, all stages`}
                  />
                </tr>
              ))}
            </tbody>
          </table>
          <h2>Sent without a role</h2>
          {data.withoutRole.length === 0 ? (
            <p>Every application names the role it was sent for.</p>
          ) : (
            <table className="cards pipeline">
              <caption className="visually-hidden">Applications sent without a role, per position and stage</caption>
              <StagesHead first="Position" stages={data.stages} />
              <tbody>
                {data.withoutRole.map((line) => (
                  <tr key={line.position}>
                    <th scope="row">{line.position || "No position"}</th>
                    {data.stages.map((stage) => (
                      <Count
                        key={stage}
                        label={stage}
                        n={line.counts[stage] ?? 0}
                        href={inboxHref({
                          kind: "application",
                          role: withoutRole,
                          position: line.position,
                          status: stage,
                        })}
                        of={`${line.position}, without a role, ${stage}`}
                      />
                    ))}
                    <Count
                      label="All"
                      n={line.total}
                      href={inboxHref({ kind: "application", role: withoutRole, position: line.position })}
                      of={`${line.position}, without a role, all stages`}
                    />
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      )}
    </>
  );
}

/** The header row of a stage table: what each row is, each stage, then all of them. */
function StagesHead(props: { first: string; stages: readonly string[] }) {
  return (
    <thead>
      <tr>
        <th scope="col">{props.first}</th>
        {props.stages.map((stage) => (
          <th scope="col" key={stage}>
            {stage}
          </th>
        ))}
        <th scope="col">All</th>
      </tr>
    </thead>
  );
}

/** One count: a link to those applications when there are any (its name says which), else a plain 0. */
function Count(props: { label: string; n: number; href: string; of: string }) {
  return (
    <td data-label={props.label} className="count">
      {props.n === 0 ? (
        <span className="n">0</span>
      ) : (
        <Link to={props.href} aria-label={`${props.n} applications: ${props.of}`}>
          {props.n}
        </Link>
      )}
    </td>
  );
}
