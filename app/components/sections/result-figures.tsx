import type { CaseStudy } from "~/content/schemas";

/**
 * A case study's results as figures with their labels (a description list: the figure is the
 * term, what it measures its description). `compact`: the smaller band inside a card.
 */
export function ResultFigures({ results, compact = false }: { results: CaseStudy["results"]; compact?: boolean }) {
  return (
    <dl className={compact ? "result-figures result-figures--compact" : "result-figures"}>
      {results.map((r) => (
        <div key={r.label} className="result-figures__item">
          <dt className="result-figures__value">{r.value}</dt>
          <dd className="result-figures__label">{r.label}</dd>
        </div>
      ))}
    </dl>
  );
}
