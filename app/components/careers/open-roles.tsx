/**
 * The open roles of /career: the count, a filter by office and type that works without JavaScript
 * (a GET form of two selects; its values are the contract's, never free text) and one card per
 * role linking to its page. Rendered by the server per request (server/careers/) and by the
 * route when the page hydrates, from the same data, which travels in the section itself.
 */
import { employmentTypes, rolePath, workplaces } from "@contracts/careers/roles";
import { SectionHead } from "~/components/sections/section-head";
import { careerWords } from "~/content/careers";
import {
  dayInWords,
  filterChoices,
  listHref,
  matchesFilter,
  rolesHeading,
  salaryInWords,
  type CareerListData,
  type RoleSummary,
} from "./careers-data";
import { CareersDataBlock } from "./careers-data-block";

function RoleCard({ role }: { role: RoleSummary }) {
  return (
    <li className="job">
      <div className="job__main">
        <h3 className="h5 mb-1">{role.title}</h3>
        <p className="job__meta">
          <span>{role.offices.join(" · ")}</span>
          <span>{workplaces[role.workplace]}</span>
          <span>{employmentTypes[role.employmentType]}</span>
        </p>
        {role.salary ? <p className="job__salary mb-0">{salaryInWords(role.salary)}</p> : null}
      </div>
      <div className="job__side">
        <p className="job__dates">
          {careerWords.posted} <time dateTime={role.datePosted}>{dayInWords(role.datePosted)}</time>
          <br />
          {careerWords.applyBy} <time dateTime={role.validThrough}>{dayInWords(role.validThrough)}</time>
        </p>
        {/* A plain link: a role's page is always fetched from the server, never from stale data. */}
        <a
          href={rolePath(role.slug)}
          className="btn btn-outline-primary"
          aria-label={`${careerWords.viewRole}: ${role.title}`}
        >
          {careerWords.viewRole}
        </a>
      </div>
    </li>
  );
}

function RoleFilter({ data }: { data: CareerListData }) {
  const choices = filterChoices(data.roles);
  return (
    <form method="get" action="/career#open-roles" className="job-filter" aria-label={careerWords.filterLegend}>
      <div className="job-filter__field">
        <label htmlFor="role-office" className="form-label">
          {careerWords.officeLabel}
        </label>
        <select id="role-office" name="office" className="form-select" defaultValue={data.filter.office ?? ""}>
          <option value="">{careerWords.anyOffice}</option>
          {choices.offices.map((office) => (
            <option key={office} value={office}>
              {office}
            </option>
          ))}
        </select>
      </div>
      <div className="job-filter__field">
        <label htmlFor="role-type" className="form-label">
          {careerWords.typeLabel}
        </label>
        <select id="role-type" name="type" className="form-select" defaultValue={data.filter.type ?? ""}>
          <option value="">{careerWords.anyType}</option>
          {choices.types.map((type) => (
            <option key={type} value={type}>
              {employmentTypes[type]}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="btn btn-primary">
        {careerWords.filterSubmit}
      </button>
    </form>
  );
}

export function OpenRoles({ data }: { data: CareerListData }) {
  const shown = data.roles.filter((role) => matchesFilter(role, data.filter));
  const filtered = Boolean(data.filter.office || data.filter.type);
  return (
    <section id="open-roles" className="section" aria-labelledby="open-roles-heading">
      <div className="container">
        {/* At the start: the head shares the width with its lead beside it (_layouts.scss). */}
        <SectionHead
          id="open-roles-heading"
          eyebrow="Open roles"
          heading={rolesHeading(data.roles.length)}
          lead={data.roles.length > 0 ? careerWords.listLead : careerWords.noneLead}
          beside
        />
        {data.roles.length > 1 ? <RoleFilter data={data} /> : null}
        {filtered ? (
          <p className="job-filter__status" role="status">
            {shown.length === 0 ? careerWords.noMatch : careerWords.matching(shown.length, data.roles.length)}{" "}
            <a href={`${listHref({})}#open-roles`}>{careerWords.showAll}</a>
          </p>
        ) : null}
        {shown.length > 0 ? (
          <ul className="job-list list-unstyled">
            {shown.map((role) => (
              <RoleCard key={role.slug} role={role} />
            ))}
          </ul>
        ) : null}
        <CareersDataBlock data={data} />
      </div>
    </section>
  );
}
