import type { z } from "zod";
import type { jobOpeningSchema } from "./schemas";

export type JobOpening = z.infer<typeof jobOpeningSchema>;

/**
 * Roles on the careers page, each published as JobPosting structured data while it is open (see
 * `openOn`). Checked at build time (app/content/validate.ts): the office must be one of ours, the
 * position one of the form's. Remove a role when it is filled; one past its validThrough date is
 * left out of the next build on its own.
 */
export const jobOpenings: readonly JobOpening[] = [
  {
    id: "senior-react-developer-london",
    title: "Senior React Developer",
    position: "Frontend Developer",
    office: "London",
    workplace: "Hybrid",
    type: "Full-time",
    description:
      "Build accessible, fast React and Next.js front ends for fintech and retail clients, own features from design review to release, and mentor two mid-level engineers.",
    datePosted: "2026-11-09",
    validThrough: "2027-01-31",
  },
  {
    id: "cloud-architect-san-francisco",
    title: "Cloud Architect (AWS)",
    position: "Cloud Architect",
    office: "San Francisco",
    workplace: "Hybrid",
    type: "Full-time",
    description:
      "Design landing zones and migration plans for enterprise clients on AWS, lead architecture reviews and turn them into Terraform our teams can run.",
    datePosted: "2026-11-02",
    validThrough: "2027-01-15",
  },
  {
    id: "machine-learning-engineer-bengaluru",
    title: "Machine Learning Engineer",
    position: "Machine Learning Engineer",
    office: "Bengaluru",
    workplace: "On-site",
    type: "Full-time",
    description:
      "Train, evaluate and deploy forecasting and document-understanding models with PyTorch and MLflow, and build the monitoring that keeps them accurate.",
    datePosted: "2026-11-16",
    validThrough: "2027-02-15",
  },
  {
    id: "devops-engineer-bengaluru",
    title: "DevOps Engineer (Kubernetes)",
    position: "DevOps Engineer",
    office: "Bengaluru",
    workplace: "Hybrid",
    type: "Full-time",
    description:
      "Run production Kubernetes platforms for several clients: CI/CD pipelines, observability, upgrades and a fair share of a paid, rotated on-call.",
    datePosted: "2026-10-26",
    validThrough: "2027-01-10",
  },
  {
    id: "qa-engineer-sydney",
    title: "QA Automation Engineer",
    position: "QA Engineer",
    office: "Sydney",
    workplace: "Remote-friendly",
    type: "Contract",
    description:
      "A six-month contract to build Playwright and API test suites for a healthcare client's patient app, and to coach its developers in writing their own.",
    datePosted: "2026-11-20",
    validThrough: "2027-01-20",
  },
];

/** `YYYY-MM-DD` of a moment, in UTC: the calendar the roles' dates are written in. */
const utcDay = (moment: Date) => moment.toISOString().slice(0, 10);

/**
 * The roles open on a day: posted on or before it, and taking applications until the end of it
 * (validThrough is the last day, published as 23:59:59 UTC). The site is built with the build's
 * day, so a role that has closed disappears from the page and its JobPosting at the next build.
 */
export function openOn(moment: Date, roles: readonly JobOpening[] = jobOpenings): JobOpening[] {
  const day = utcDay(moment);
  return roles.filter((role) => role.datePosted <= day && day <= role.validThrough);
}
