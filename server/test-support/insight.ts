/** An insight that passes contracts/content/items.ts, as the console's editor would send it. */
import type { InsightItem } from "../../contracts/content/items";

const paragraph = (text: string) => ({ type: "paragraph" as const, content: [{ type: "text" as const, text }] });

export function insight(changes: Partial<InsightItem> = {}): InsightItem {
  return {
    title: "What a platform team owes the product teams it serves",
    slug: "what-a-platform-team-owes",
    excerpt:
      "A platform team is judged by the hours it saves other teams: what we measure on client projects, and the two numbers we report every month.",
    date: "2026-11-20",
    author: { name: "Priya Raman", title: "Chief Executive Officer" },
    tags: ["Platform engineering", "Kubernetes"],
    body: {
      type: "doc",
      content: [
        paragraph("On our last three client projects the platform team measured itself in hours given back."),
        paragraph("Every month it reported two numbers: time from commit to production, and pages per week."),
      ],
    },
    hero: { imageId: "5f0c2a9e81d4b7c36a1e9d02", alt: "Teams sharing one paved road to production" },
    seo: {
      title: "What a platform team owes product teams",
      description:
        "The two numbers our platform teams report every month, and why hours given back to product teams beat a feature list.",
      sharePicture: null,
    },
    ...changes,
  };
}
