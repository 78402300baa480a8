import { CareerForm } from "~/components/forms/career-form";
import { FeatureGrid } from "~/components/sections/feature-grid";
import { TopicVisual } from "~/components/sections/illustrations";
import { PageBanner } from "~/components/sections/page-banner";
import { careersPage, officeIn } from "~/content/company-pages";
import { jobOpenings, openOn } from "~/content/job-openings";
import { jobPosting } from "~/lib/json-ld";
import { metaForPath } from "~/lib/seo";
import type { Route } from "./+types/career";

const careerPath = "/career";

/**
 * Which roles are open, decided when the page is made (at build time, as every page is prerendered):
 * a role past its validThrough is neither listed nor published as a JobPosting. Only the ids travel
 * in the page's data; the roles themselves are in the page's code already.
 */
export function loader() {
  return { open: openOn(new Date()).map((job) => job.id) };
}

/** The open roles, each with the office it is based in (validate.ts makes sure there is one). */
function openings(open: readonly string[]) {
  return jobOpenings.filter((job) => open.includes(job.id)).map((job) => ({ job, office: officeIn(job.office)! }));
}

export const meta: Route.MetaFunction = ({ location, loaderData }) =>
  metaForPath(
    location.pathname,
    openings(loaderData?.open ?? []).map(({ job, office }) =>
      jobPosting(job, { ...office, city: job.office }, careerPath),
    ),
  );

const rolesHeading = (count: number) =>
  count === 0 ? "No roles open right now" : `${count} ${count === 1 ? "role" : "roles"} open now`;

const postedOn = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString("en-GB", { day: "numeric", month: "long", timeZone: "UTC" });

export default function CareerPage({ loaderData }: Route.ComponentProps) {
  const roles = openings(loaderData.open);
  return (
    <>
      <PageBanner
        crumbs={[{ name: "Home", path: "/" }, { name: "Career" }]}
        title="Build your career with us"
        description={careersPage.intro}
        cta={{ label: "See open roles", to: `${careerPath}#open-roles` }}
        visual={<TopicVisual icon="users" accents={["laptop", "rocket", "code"]} />}
      />
      <section id="open-roles" className="section" aria-labelledby="open-roles-heading">
        <div className="container">
          <div className="section-head section-head--start">
            <p className="eyebrow">Open roles</p>
            <h2 id="open-roles-heading" className="section-title">
              {rolesHeading(roles.length)}
            </h2>
            {roles.length > 0 ? (
              <p className="section-lead">
                Choose the matching position in the form below. Not listed? Choose &ldquo;Others&rdquo; and tell us what
                you do best.
              </p>
            ) : (
              <p className="section-lead">
                Every role we advertised has closed. Apply with the form below anyway: choose your position, or
                &ldquo;Others&rdquo;, and we will contact you when a role that fits you opens.
              </p>
            )}
          </div>
          {roles.length > 0 && (
            <ul className="job-list list-unstyled">
              {roles.map(({ job }) => (
                <li key={job.id} id={job.id} className="job">
                  <div className="job__main">
                    <h3 className="h5 mb-1">{job.title}</h3>
                    <p className="job__meta">
                      <span>{job.office}</span>
                      <span>{job.workplace}</span>
                      <span>{job.type}</span>
                    </p>
                    <p className="mb-0">{job.description}</p>
                  </div>
                  <div className="job__side">
                    <p className="job__dates">
                      Posted <time dateTime={job.datePosted}>{postedOn(job.datePosted)}</time>
                      <br />
                      Apply by <time dateTime={job.validThrough}>{postedOn(job.validThrough)}</time>
                    </p>
                    <a href={`${careerPath}#apply-heading`} className="btn btn-outline-primary">
                      Apply<span className="visually-hidden"> for {job.title}</span>
                    </a>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </div>
      </section>
      <section className="section section--tinted" aria-labelledby="perks-heading">
        <div className="container">
          <div className="section-head">
            <p className="eyebrow">Life at Altiva Cloud</p>
            <h2 id="perks-heading" className="section-title">
              Why engineers join us
            </h2>
          </div>
          <FeatureGrid features={careersPage.perks} />
        </div>
      </section>
      <section className="section" aria-labelledby="apply-heading">
        <div className="container narrow">
          <h2 id="apply-heading" className="section-title text-center">
            {careersPage.formHeading}
          </h2>
          <p className="section-lead text-center">{careersPage.formText}</p>
          <CareerForm />
        </div>
      </section>
    </>
  );
}
