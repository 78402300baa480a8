import type { Route } from "./+types/case-study-category";

export default function CaseStudyCategoryPage({ params }: Route.ComponentProps) {
  return <h1>Case Studies: {params.category}</h1>;
}
