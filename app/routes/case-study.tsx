import type { Route } from "./+types/case-study";

export default function CaseStudyPage({ params }: Route.ComponentProps) {
  return <h1>Case Study {params.id}</h1>;
}
