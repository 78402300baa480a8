import { leadSourceLine, type LeadSource as Source } from "@contracts/lead-source";

/**
 * Where a submission came from (issue 27): the site page its form was sent from, and, when the
 * visitor allowed measurement, the site and campaign that brought them. Old submissions, and
 * ones whose source was refused as unclean, say so instead of showing nothing.
 */
export function LeadSource({ source }: { source: Source }) {
  const line = leadSourceLine(source);
  return (
    <p className={line ? "lead-source" : "lead-source hint"}>{line ?? "Where this was sent from was not recorded."}</p>
  );
}
