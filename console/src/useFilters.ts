import { useCallback, useEffect, useState, type ChangeEvent, type FormEvent } from "react";
import { api, errorText } from "./api";

/**
 * A list the server filters and pages (the inbox, the audit log): the filters being typed, the
 * ones applied, the page, and that page as the server answers it. Filters live in the page's
 * state, not its address, so a searched name never lands in a URL. Applying or clearing goes
 * back to page 1.
 */
export function useFilters<F extends Record<string, string>, A>(
  path: string,
  empty: F,
  /** The request body the filters make (the inbox leaves out empty ones). */
  bodyOf: (filters: F) => Record<string, unknown> = (filters) => filters,
) {
  const [draft, setDraft] = useState<F>(empty);
  const [filters, setFilters] = useState<F>(empty);
  const [page, setPage] = useState(1);
  const [answer, setAnswer] = useState<A | null>(null);
  const [error, setError] = useState("");

  // The first bodyOf is kept: a caller's new function on each render would reload the list each time.
  const [toBody] = useState(() => bodyOf);
  const load = useCallback(async () => {
    setError("");
    try {
      setAnswer(await api<A>(path, { ...toBody(filters), page }));
    } catch (e) {
      setError(errorText(e));
    }
  }, [path, toBody, filters, page]);
  useEffect(() => void load(), [load]);

  return {
    draft,
    filters,
    page,
    setPage,
    answer,
    error,
    /** The change handler of the field editing `name`. */
    field: (name: keyof F) => (e: ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
      setDraft((d) => ({ ...d, [name]: e.target.value })),
    /** The filter form's submit: what was typed applies, from page 1. */
    apply: (e: FormEvent) => {
      e.preventDefault();
      setPage(1);
      setFilters(draft);
    },
    clear: () => {
      setDraft(empty);
      setFilters(empty);
      setPage(1);
    },
  };
}
