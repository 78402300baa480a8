import { CareerForm } from "~/components/forms/career-form";
import { FeatureGrid } from "~/components/sections/feature-grid";
import { TopicVisual } from "~/components/sections/illustrations";
import { PageBanner } from "~/components/sections/page-banner";
import { careersPage, officeIn } from "~/content/company";
import { jobOpenings } from "~/content/jobs";
import { jobPosting } from "~/lib/json-ld";
import { metaForPath } from "~/lib/seo";
import type { Route } from "./+types/career";

const careerPath = "/career";

/** Each open role with the office it is based in (validate.ts makes sure there is one). */
function openings() {
  return jobOpenings.map((job) => ({ job, office: officeIn(job.office)! }));
}

export const meta: Route.MetaFunction = ({ location }) =>
  metaForPath(
    location.pathname,
    openings().map(({ job, office }) => jobPosting(job, { ...office, city: job.office }, careerPath)),
  );

const postedOn = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString("en-GB", { day: "numeric", month: "long", timeZone: "UTC" });

export default function CareerPage() {
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
              {jobOpenings.length} roles open now
            </h2>
            <p className="section-lead">
              Choose the matching position in the form below. Not listed? Choose &ldquo;Others&rdquo; and tell us what
              you do best.
            </p>
          </div>
          <ul className="job-list list-unstyled">
            {openings().map(({ job }) => (
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
