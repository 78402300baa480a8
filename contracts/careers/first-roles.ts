/**
 * The five roles the careers page listed when roles were still code (app/content/job-openings.ts
 * until issue 26). Migration 009 stores them in `job_roles`, published; from then on HR edits
 * them in the console. The role page's template is prerendered with the first of them.
 */
import type { JobPosting } from "./roles";

export type FirstRole = Omit<JobPosting, "id" | "updatedAt">;

export const firstRoles: readonly FirstRole[] = [
  {
    slug: "senior-react-developer-london",
    title: "Senior React Developer",
    position: "Frontend Developer",
    offices: ["London"],
    employmentType: "FULL_TIME",
    workplace: "hybrid",
    salary: { min: 70000, max: 85000, currency: "GBP", period: "YEAR" },
    description: `Build accessible, fast React and Next.js front ends for fintech and retail clients, own features from design review to release, and mentor two mid-level engineers.

## What you will do
- Turn designs into accessible, well-tested React components, and say early when a design will not work on a phone.
- Own features from the first review to the release, including the metrics that tell us they work.
- Review code kindly and thoroughly, and pair with the two mid-level engineers in your team each week.
- Keep Core Web Vitals green on sites with a million visits a month.

## What you bring
- Five or more years of building for the web, three of them with React and TypeScript.
- Testing that catches real bugs: unit tests, Playwright, and an eye for what not to test.
- Working knowledge of WCAG 2.2 and how screen readers use a page.

## What we offer
- Three days a week at our Shoreditch office, the rest where you like.
- 27 days of holiday plus bank holidays, private health cover and a £1,500 yearly learning budget.`,
    datePosted: "2026-11-09",
    validThrough: "2027-01-31",
    state: "published",
  },
  {
    slug: "cloud-architect-san-francisco",
    title: "Cloud Architect (AWS)",
    position: "Cloud Architect",
    offices: ["San Francisco"],
    employmentType: "FULL_TIME",
    workplace: "hybrid",
    salary: { min: 190000, max: 230000, currency: "USD", period: "YEAR" },
    description: `Design landing zones and migration plans for enterprise clients on AWS, lead architecture reviews and turn them into Terraform our teams can run.

## What you will do
- Assess clients' estates and write migration plans they can budget for.
- Design multi-account landing zones with guardrails, networking and identity done right the first time.
- Lead architecture reviews and turn their outcome into Terraform modules our delivery teams run.
- Coach client engineers so they can run what we leave behind.

## What you bring
- Eight or more years in infrastructure, four of them designing on AWS for regulated industries.
- AWS Solutions Architect Professional, or the experience to pass it.
- Clear writing: your design documents are read by engineers and finance alike.

## What we offer
- Two days a week at our Market Street office.
- Medical, dental and vision cover, a 401(k) match of 4% and a yearly certification budget.`,
    datePosted: "2026-11-02",
    validThrough: "2027-01-15",
    state: "published",
  },
  {
    slug: "machine-learning-engineer-bengaluru",
    title: "Machine Learning Engineer",
    position: "Machine Learning Engineer",
    offices: ["Bengaluru"],
    employmentType: "FULL_TIME",
    workplace: "on-site",
    salary: null,
    description: `Train, evaluate and deploy forecasting and document-understanding models with PyTorch and MLflow, and build the monitoring that keeps them accurate.

## What you will do
- Train and evaluate forecasting and document-understanding models for logistics and insurance clients.
- Ship them with MLflow and our Kubernetes platform, with the same reviews as any other code.
- Build the drift and accuracy monitoring that tells us before the client does.

## What you bring
- Three or more years of putting models into production, not only notebooks.
- PyTorch, Python and SQL, and the statistics to know when a result is noise.
- Experience with OCR or time-series forecasting is a plus.

## What we offer
- A team of twelve engineers at our Outer Ring Road office, with lunch on site.
- Health cover for you and your family, and GPU time for your own experiments.`,
    datePosted: "2026-11-16",
    validThrough: "2027-02-15",
    state: "published",
  },
  {
    slug: "devops-engineer-bengaluru",
    title: "DevOps Engineer (Kubernetes)",
    position: "DevOps Engineer",
    offices: ["Bengaluru"],
    employmentType: "FULL_TIME",
    workplace: "hybrid",
    salary: null,
    description: `Run production Kubernetes platforms for several clients: CI/CD pipelines, observability, upgrades and a fair share of a paid, rotated on-call.

## What you will do
- Run and upgrade production Kubernetes clusters on AWS and Azure for four clients.
- Build CI/CD pipelines that take a change from merge to production in minutes, with a way back.
- Own observability: metrics, logs, traces and alerts people act on.
- Take a fair share of a paid, rotated on-call, one week in six.

## What you bring
- Three or more years of running Kubernetes in production.
- Terraform, Helm and one of GitHub Actions, GitLab CI or Argo CD.
- Calm in an incident, and a habit of writing the postmortem.

## What we offer
- Three days a week at our Bengaluru office.
- Health cover for you and your family, and an on-call allowance on top of your salary.`,
    datePosted: "2026-10-26",
    validThrough: "2027-01-10",
    state: "published",
  },
  {
    slug: "qa-engineer-sydney",
    title: "QA Automation Engineer",
    position: "QA Engineer",
    offices: ["Sydney"],
    employmentType: "CONTRACTOR",
    workplace: "remote",
    salary: { min: 850, max: 1000, currency: "AUD", period: "DAY" },
    description: `A six-month contract to build Playwright and API test suites for a healthcare client's patient app, and to coach its developers in writing their own.

## What you will do
- Build Playwright and API test suites for a patient app used by 200,000 people.
- Put them in the client's pipeline so that every change runs them.
- Coach the client's developers to write and keep their own tests.

## What you bring
- Four or more years of test automation, with Playwright or Cypress and TypeScript.
- API testing against OpenAPI contracts.
- Experience in healthcare or another regulated field is a plus.

## What we offer
- Six months, remote within Australian time zones, with a day a month at our Margaret Street office.
- A day rate paid fortnightly.`,
    datePosted: "2026-11-20",
    validThrough: "2027-01-20",
    state: "published",
  },
];
