/** A case study that passes contracts/content/items.ts, as the console's editor would send it. */
import type { CaseStudyItem } from "../../contracts/content/items";

const paragraph = (text: string) => ({ type: "paragraph" as const, content: [{ type: "text" as const, text }] });

export function caseStudy(changes: Partial<CaseStudyItem> = {}): CaseStudyItem {
  return {
    title: "Moving a logistics platform to AWS with 40% lower costs",
    slug: "logistics-platform-on-aws",
    excerpt:
      "An ageing data centre, rising hardware costs and weekend outages: the platform moved to AWS in eight weeks with minutes of downtime.",
    date: "2026-06-03",
    client: "A European logistics group",
    industry: "Logistics",
    category: "Cloud",
    challenge: {
      type: "doc",
      content: [paragraph("The tracking platform ran on leased servers whose contract ended in three months.")],
    },
    solution: {
      type: "doc",
      content: [paragraph("We moved 38 services and 6 databases in three rehearsed waves, defined in Terraform.")],
    },
    results: [
      { value: "40%", label: "lower infrastructure costs" },
      { value: "8 weeks", label: "from kick-off to the last cut-over" },
    ],
    quote: {
      text: "The cut-over weekend was the quietest weekend our operations team had all year.",
      name: "Marta K.",
      title: "Head of Platform Operations",
    },
    services: ["migration"],
    technologies: ["aws", "terraform"],
    hero: {
      imageId: "5f0c2a9e81d4b7c36a1e9d02",
      alt: "Diagram of servers moving from a data centre into cloud regions",
    },
    seo: {
      title: "Logistics platform moved to AWS, 40% lower costs",
      description:
        "How a European logistics group moved its tracking platform to AWS in eight weeks with 11 minutes of downtime.",
      sharePicture: null,
    },
    ...changes,
  };
}
