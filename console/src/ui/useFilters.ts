import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from "react";
import type { z } from "zod";
import { api } from "../api";
import { useNavigate, useRevalidator } from "react-router";
import { useLocationState, withHidden, type HiddenState } from "../hidden-state";

/**
 * A list the server filters and pages (the inbox, the audit log). The filters applied and the page
 * live in the history entry, so the route's loader reads them and Back returns to the list as it
 * was: those in `inAddress` (the navigational ones: a kind, a status, dates, the page) in the
 * address, the others (search words, a person, a reference: they can name someone) in the entry's
 * hidden state (hidden-state.ts), never in the address.
 */
export interface FilterSpec<F extends Record<string, string>> {
  empty: F;
  inAddress: readonly (keyof F & string)[];
  /** The start of the form's field ids ("f" gives `f-status`). */
  idPrefix: string;
}

/** The filters and page of a history entry: its address's query and its hidden state. */
export function filtersOf<F extends Record<string, string>>(
  spec: FilterSpec<F>,
  search: URLSearchParams,
  hidden: HiddenState,
): { filters: F; page: number } {
  const filters: Record<string, string> = { ...spec.empty };
  for (const key of Object.keys(spec.empty)) {
    const value = (spec.inAddress as readonly string[]).includes(key) ? search.get(key) : hidden[key];
    if (typeof value === "string") filters[key] = value;
  }
  return { filters: filters as F, page: Math.max(1, Math.floor(Number(search.get("page"))) || 1) };
}

/** A route loader's ask for one page of the list: the filters as the request body (`bodyOf`), and the page. */
export function loadFiltered<F extends Record<string, string>, S extends z.ZodType>(
  path: string,
  schema: S,
  listed: { filters: F; page: number },
  bodyOf: (filters: F) => Record<string, unknown> = (filters) => filters,
): Promise<z.infer<S>> {
  return api(path, schema, { ...bodyOf(listed.filters), page: listed.page });
}

/**
 * The filter form's side: the filters being typed, the ones applied and the page (from the
 * history entry), and the moves that apply, clear or page, each a navigation the loader follows.
 * Applying or clearing goes back to page 1.
 */
export function useFilters<F extends Record<string, string>>(given: FilterSpec<F>) {
  // The first is kept: a caller's new object on each render would reset the form each time.
  const [spec] = useState(() => given);
  const location = useLocationState();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const { filters, page } = filtersOf(spec, new URLSearchParams(location.search), location.hidden);
  const [draft, setDraft] = useState<F>(filters);
  // The entry this form's own move is going to: when it arrives, the form already shows its
  // filters, or what was chosen since (a status picked while a Clear was still loading).
  const ownMove = useRef<string | null>(null);
  const entryKey = (search: string, hidden: unknown) => `${search}\n${JSON.stringify(hidden ?? {})}`;
  // Back and Forward change the applied filters: the form shows what applies.
  useEffect(() => {
    const arrived = entryKey(location.search, location.hidden);
    if (ownMove.current === arrived) {
      ownMove.current = null;
      return;
    }
    ownMove.current = null;
    setDraft(filtersOf(spec, new URLSearchParams(location.search), location.hidden).filters);
  }, [spec, location]);

  const show = (next: F, nextPage: number) => {
    const params = new URLSearchParams();
    const hidden: HiddenState = {};
    for (const [key, value] of Object.entries(next)) {
      if (value === spec.empty[key]) continue;
      if ((spec.inAddress as readonly string[]).includes(key)) params.set(key, value);
      else hidden[key] = value;
    }
    if (nextPage > 1) params.set("page", String(nextPage));
    const query = params.toString();
    const to = `${location.pathname}${query ? `?${query}` : ""}`;
    const same =
      to === `${location.pathname}${location.search}` && JSON.stringify(hidden) === JSON.stringify(location.hidden);
    // The same filters again: the list is asked again, without a second history entry.
    if (same) void revalidator.revalidate();
    else {
      ownMove.current = entryKey(query ? `?${query}` : "", hidden);
      void navigate(to, { state: withHidden(hidden) });
    }
  };

  return {
    draft,
    filters,
    page,
    setPage: (n: number) => show(filters, n),
    /** What the form's field editing `name` is given: its id, its value, its change handler. */
    bind: (name: keyof F & string) => ({
      id: `${spec.idPrefix}-${name}`,
      value: draft[name],
      onChange: (e: ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
        setDraft((d) => ({ ...d, [name]: e.target.value })),
    }),
    /** The filter form's submit: what was typed applies, from page 1. */
    apply: (e: FormEvent) => {
      e.preventDefault();
      show(draft, 1);
    },
    clear: () => {
      setDraft(spec.empty);
      show(spec.empty, 1);
    },
  };
}
