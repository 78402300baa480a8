/**
 * A role's page, /career/<slug>: breadcrumbs, the title, the facts, the description (sanitised
 * HTML from the role's Markdown) and the application form in the section `#apply`. Also the short
 * 410 page of a role that has closed, and the site's 404 words for an address naming no role.
 * Rendered by the server per request (server/careers/) and by the route when the page hydrates,
 * from the same data, which the page carries at its end.
 */
import { careerPath, employmentTypes, rolePath, workplaces } from "@contracts/careers/roles";
import { Island } from "~/islands/island";
import { PageBanner } from "~/components/sections/page-banner";
import { NotFoundSection } from "~/components/sections/not-found-section";
import { SectionHead } from "~/components/sections/section-head";
import { careerWords } from "~/content/careers";
import { dayInWords, officesInWords, salaryInWords, type RolePageData, type RoleRouteData } from "./careers-data";
import { CareersDataBlock } from "./careers-data-block";

/** The id of the section holding the application form (B2's "apply from the role" fills it). */
export const applySectionId = "apply";

function RoleFacts({ role }: { role: RolePageData["role"] }) {
  const words = careerWords.facts;
  const facts: [string, React.ReactNode][] = [
    [words.offices, role.offices.join(", ")],
    [words.workplace, workplaces[role.workplace]],
    [words.type, employmentTypes[role.employmentType]],
    ...(role.salary ? [[words.salary, salaryInWords(role.salary)] as [string, React.ReactNode]] : []),
    [words.posted, <time dateTime={role.datePosted}>{dayInWords(role.datePosted)}</time>],
    [words.applyBy, <time dateTime={role.validThrough}>{dayInWords(role.validThrough)}</time>],
  ];
  return (
    <section className="role-facts" aria-labelledby="role-facts-heading">
      <h2 id="role-facts-heading" className="visually-hidden">
        {careerWords.factsHeading}
      </h2>
      <dl className="role-facts__list">
        {facts.map(([term, value]) => (
          <div key={term} className="role-facts__item">
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function OpenRole({ role, positions }: Pick<RolePageData, "role" | "positions">) {
  const path = rolePath(role.slug);
  return (
    <>
      <PageBanner
        crumbs={[{ name: "Home", path: "/" }, { name: "Career", path: careerPath }, { name: role.title }]}
        title={role.title}
        description={[
          officesInWords(role.offices),
          workplaces[role.workplace],
          employmentTypes[role.employmentType],
        ].join(" · ")}
        cta={{ label: careerWords.applyHeading, to: `${path}#${applySectionId}` }}
      />
      <article className="section" aria-labelledby="role-description-heading">
        <div className="container narrow">
          <RoleFacts role={role} />
          <h2 id="role-description-heading" className="visually-hidden">
            {role.title}
          </h2>
          {/* Sanitised by roleDescriptionHtml: raw HTML escaped, only http(s) and mailto links. */}
          <div className="prose role-description" dangerouslySetInnerHTML={{ __html: role.descriptionHtml }} />
        </div>
      </article>
      <section id={applySectionId} className="section section--tinted" aria-labelledby="apply-heading">
        <div className="container narrow">
          <SectionHead id="apply-heading" heading={careerWords.applyHeading} lead={careerWords.applyText} />
          <Island name="career-form" props={{ role, positions }} />
        </div>
      </section>
    </>
  );
}

function GoneRole({ title }: { title: string }) {
  return (
    <section className="section">
      <div className="container narrow">
        <h1>{careerWords.goneTitle}</h1>
        <p className="section-lead">{careerWords.goneText(title)}</p>
        <a href={careerPath} className="btn btn-primary btn-lg">
          {careerWords.goneLink}
        </a>
      </div>
    </section>
  );
}

export function RolePage({ data }: { data: RoleRouteData }) {
  return (
    <>
      {data.kind === "role" ? <OpenRole role={data.role} positions={data.positions} /> : null}
      {data.kind === "gone" ? <GoneRole title={data.title} /> : null}
      {data.kind === "missing" ? <NotFoundSection /> : null}
      <CareersDataBlock data={data} />
    </>
  );
}
