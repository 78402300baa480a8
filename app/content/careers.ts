/** The words of the careers pages around the roles (issue 26): the list, a role's page, a closed role. */
export const careerWords = {
  listLead:
    "Each role has its own page with the whole description and the application form. Not listed? Apply with the form below: choose your position, or “Others”, and tell us what you do best.",
  noneLead:
    "Every role we advertised has closed. Apply with the form below anyway: choose your position, or “Others”, and we will contact you when a role that fits you opens.",
  filterLegend: "Filter the roles",
  officeLabel: "Office",
  anyOffice: "All offices",
  typeLabel: "Type",
  anyType: "All types",
  filterSubmit: "Show roles",
  showAll: "Show all roles",
  noMatch: "No open role matches this filter.",
  matching: (shown: number, total: number) => `Showing ${shown} of ${total} roles.`,
  viewRole: "View role and apply",
  posted: "Posted",
  applyBy: "Apply by",
  facts: {
    offices: "Office",
    workplace: "Workplace",
    type: "Type",
    salary: "Salary",
    posted: "Posted",
    applyBy: "Apply by",
  },
  factsHeading: "About the role",
  applyHeading: "Apply for this role",
  applyText: "Send your details and resume. We reply to every application within ten business days.",
  goneTitle: "This role is no longer open",
  goneText: (title: string) =>
    `Applications for ${title} have closed. Have a look at the roles we are hiring for now, or send us your details for a future role.`,
  goneLink: "See the open roles",
} as const;
