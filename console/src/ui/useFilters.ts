import { useCallback, useEffect, useMemo, useState, type ChangeEvent, type FormEvent } from "react";
import type { z } from "zod";
import { api, errorText } from "../api";
import { useNavigate } from "react-router";
import { useLocationState, withHidden, type HiddenState } from "../hidden-state";

/**
 * A list the server filters and pages (the inbox, the audit log): the filters being typed, the
 * ones applied, the page, and that page as the server answers it. Applying or clearing goes back
 * to page 1. By default the filters live in the page's state, not its address, so a searched name
 * never lands in a URL. With `inAddress`, those filters and the page live in the address (a link
 * can open the list filtered, Back returns to it), and the others in the history entry's hidden
 * state (hidden-state.ts), still never in the address.
 */
export function useFilters<F extends Record<string, string>, S extends z.ZodType>(
  path: string,
  /** The answer's schema (contracts/). */
  schema: S,
  empty: F,
  /** The request body the filters make (the inbox leaves out empty ones). */
  bodyOf: (filters: F) => Record<string, unknown> = (filters) => filters,
  inAddress?: readonly (keyof F & string)[],
) {
  // The first of each is kept: a caller's new object on each render would reload the list each time.
  const [toBody] = useState(() => bodyOf);
  const [initial] = useState(() => empty);
  const [addressKeys] = useState(() => inAddress);
  const location = useLocationState();
  const navigate = useNavigate();
  const fromAddress = useMemo(() => {
    if (!addressKeys) return undefined;
    const params = new URLSearchParams(location.search);
    const filters: Record<string, string> = { ...initial };
    for (const key of Object.keys(initial)) {
      const value = addressKeys.includes(key) ? params.get(key) : location.hidden[key];
      if (typeof value === "string") filters[key] = value;
    }
    return { filters: filters as F, page: Math.max(1, Math.floor(Number(params.get("page"))) || 1) };
  }, [addressKeys, initial, location]);

  const [draft, setDraft] = useState<F>(fromAddress?.filters ?? empty);
  const [stateFilters, setFilters] = useState<F>(empty);
  const [statePage, setStatePage] = useState(1);
  const filters = fromAddress?.filters ?? stateFilters;
  const page = fromAddress?.page ?? statePage;
  const [answer, setAnswer] = useState<z.infer<S> | null>(null);
  const [error, setError] = useState("");

  const load = useCallback(async () => {
    setError("");
    try {
      setAnswer(await api(path, schema, { ...toBody(filters), page }));
    } catch (e) {
      setError(errorText(e));
    }
  }, [path, schema, toBody, filters, page]);
  useEffect(() => void load(), [load]);
  // Back and Forward change the filters in the address: the form shows what applies.
  useEffect(() => {
    if (fromAddress) setDraft(fromAddress.filters);
  }, [fromAddress]);

  /** To these filters and page: in the address, or in the page's state. */
  const show = (next: F, nextPage: number) => {
    if (!addressKeys) {
      setFilters(next);
      setStatePage(nextPage);
      return;
    }
    const params = new URLSearchParams();
    const hidden: HiddenState = {};
    for (const [key, value] of Object.entries(next)) {
      if (value === initial[key]) continue;
      if (addressKeys.includes(key)) params.set(key, value);
      else hidden[key] = value;
    }
    if (nextPage > 1) params.set("page", String(nextPage));
    const query = params.toString();
    const to = `${location.pathname}${query ? `?${query}` : ""}`;
    const same =
      to === `${location.pathname}${location.search}` && JSON.stringify(hidden) === JSON.stringify(location.hidden);
    // The same filters again: the list is asked again, without a second history entry.
    if (same) void load();
    else void navigate(to, { state: withHidden(hidden) });
  };

  return {
    draft,
    filters,
    page,
    setPage: (n: number) => show(filters, n),
    answer,
    error,
    /** The change handler of the field editing `name`. */
    field: (name: keyof F) => (e: ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
      setDraft((d) => ({ ...d, [name]: e.target.value })),
    /** The filter form's submit: what was typed applies, from page 1. */
    apply: (e: FormEvent) => {
      e.preventDefault();
      show(draft, 1);
    },
    clear: () => {
      setDraft(initial);
      show(initial, 1);
    },
  };
}
