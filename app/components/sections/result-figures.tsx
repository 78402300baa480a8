import type { CaseStudy } from "~/content/schemas";

/**
 * A case study's results as figures with their labels (a description list: the figure is the
 * term, what it measures its description). `compact`: the smaller band inside a card.
 */
export function ResultFigures({ results, compact = false }: { results: CaseStudy["results"]; compact?: boolean }) {
  return (
    <dl className={compact ? "result-figures row g-2 mt-auto mb-0 pt-3" : "result-figures row g-3 mb-4"}>
      {results.map((r) => (
        <div key={r.label} className={compact ? "col-6" : "col-sm"}>
          <dt className={compact ? "fs-4 text-body-emphasis" : "fs-2 text-body-emphasis"}>{r.value}</dt>
          <dd className={compact ? "small text-body-secondary mb-0" : "text-body-secondary mb-0"}>{r.label}</dd>
        </div>
      ))}
    </dl>
  );
}
