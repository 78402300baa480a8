import type { z } from "zod";
import type { servicesOverviewSchema, technologyOverviewSchema } from "./schemas";

/** Checked against their schemas at build time (app/content/validate.ts). */
export const servicesOverview: z.infer<typeof servicesOverviewSchema> = {
  intro:
    "Seven services, one standard of engineering. Pick the one you need today; the same team can carry the work from the first plan to running it in production.",
  steps: [
    {
      title: "Discover",
      description:
        "Two weeks with your people and your data. We agree the goal, how we measure it and what ships first.",
    },
    {
      title: "Design",
      description: "Architecture, user journeys and a release plan with dates, costs and risks written down.",
    },
    {
      title: "Build",
      description: "Two-week sprints with working software you can try at the end of each, tested and reviewed.",
    },
    {
      title: "Run",
      description: "Monitoring, support and monthly reports, or a clean handover with runbooks to your team.",
    },
  ],
};

export const technologyOverview: z.infer<typeof technologyOverviewSchema> = {
  intro:
    "Senior engineers in seven technologies, vetted by our architects and onboarded within 72 hours, as one developer in your team or as a whole squad.",
  models: [
    {
      icon: "users",
      title: "Staff augmentation",
      description: "One to five engineers join your team, your tools and your rituals. Scale up or down monthly.",
    },
    {
      icon: "layers",
      title: "Dedicated team",
      description: "A cross-functional squad with a delivery lead that owns a product area and reports on outcomes.",
    },
    {
      icon: "rocket",
      title: "Fixed-scope project",
      description: "A defined deliverable, a fixed price and a timeline agreed after a short discovery.",
    },
  ],
};
