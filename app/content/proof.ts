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
