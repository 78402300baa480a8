/** The words around the case studies that the service and technology pages link (decision 066). */
export const taggedCaseStudies = {
  eyebrow: "Case studies",
  heading: "Proof from recent projects",
  serviceLead: (service: string) =>
    `Projects our ${service.toLowerCase()} team delivered, and what each client measured afterwards.`,
  technologyLead: (technology: string) =>
    `Projects our engineers built with ${technology}, and what each client measured afterwards.`,
  allLabel: "All case studies",
} as const;

/** The words of the proof blocks from the store on the home page (decision 079). */
export const proofWords = {
  readStudy: "Read the case study",
  stripLabel: "Our clients and partner programmes",
  logosLabel: "Clients who let us name them",
  badgesLabel: "Partner programmes",
  /** A badge's image stands for its link: it says whose badge and what the link shows. */
  badgeAlt: (badge: { title: string; since: number }) =>
    `${badge.title} since ${badge.since}: the programme's directory entry`,
} as const;
