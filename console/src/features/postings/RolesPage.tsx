import { rolesAnswer } from "@contracts/console-answers";
import { rolePath } from "@contracts/careers/roles";
import { useLoaderData, Link } from "react-router";
import { api } from "../../api";
import { dayText, standingText, typeWords, workplaceWords } from "./role-form";
import { useTitle } from "../../ui/useTitle";

/**
 * The roles HR publishes on /career: drafts and published ones first, newest posting first (the
 * server's order), each with its public page while it takes applications.
 */
export const rolesLoader = () => api("roles", rolesAnswer);

export function RolesPage() {
  useTitle("Roles");
  const answer = useLoaderData<typeof rolesLoader>();

  return (
    <>
      <h1 tabIndex={-1}>Roles</h1>
      <p>
        Every role of the careers page, with the drafts not published yet. A new role starts as a draft; once published
        it is on the site until it is closed or its closing date has passed.
      </p>
      <p>
        <Link className="button" to="/roles/new">
          New role
        </Link>
      </p>
      {answer.roles.length === 0 && <p>No roles yet.</p>}
      {answer.roles.length > 0 && (
        <table className="cards roles">
          <caption className="visually-hidden">Roles, drafts and published first</caption>
          <thead>
            <tr>
              <th scope="col">Role</th>
              <th scope="col">Offices</th>
              <th scope="col">Type</th>
              <th scope="col">Workplace</th>
              <th scope="col">State</th>
              <th scope="col">Posted</th>
              <th scope="col">Closes</th>
              <th scope="col">Public page</th>
            </tr>
          </thead>
          <tbody>
            {answer.roles.map((role) => (
              <tr key={role.id}>
                <th scope="row">
                  <Link to={`/roles/${role.id}`}>{role.title}</Link>
                </th>
                <td data-label="Offices">{role.offices.join(", ")}</td>
                <td data-label="Type">{typeWords[role.employmentType]}</td>
                <td data-label="Workplace">{workplaceWords[role.workplace]}</td>
                <td data-label="State">
                  <span className={`state ${role.expired ? "expired" : role.state}`}>
                    {standingText(role, role.open, role.expired)}
                  </span>
                </td>
                <td data-label="Posted">{dayText(role.datePosted)}</td>
                <td data-label="Closes">{dayText(role.validThrough)}</td>
                <td data-label="Public page">
                  {role.open ? <a href={`${answer.siteUrl}${rolePath(role.slug)}`}>{rolePath(role.slug)}</a> : "–"}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
