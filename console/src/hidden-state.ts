import { useMemo } from "react";
import { useLocation } from "react-router";

/**
 * What a page keeps with its history entry but never in its address: the inbox's search words
 * (they may be a name) and a chosen sender domain, carried to the submission page for its
 * Previous and Next. React Router keeps it as the location's state.
 */
export type HiddenState = Record<string, string>;

/** The location state that carries hidden state, or undefined when there is none. */
export function withHidden(hidden: HiddenState): { hidden: HiddenState } | undefined {
  return Object.keys(hidden).length ? { hidden } : undefined;
}

/** The address's path (under /admin) and query, and this entry's hidden state. */
export function useLocationState(): { pathname: string; search: string; hidden: HiddenState } {
  const location = useLocation();
  // One object per location (React Router keeps its location object until the next move), so
  // effects and memos that depend on it run once per move.
  return useMemo(() => {
    const state = location.state as { hidden?: HiddenState } | null;
    return { pathname: location.pathname, search: location.search, hidden: state?.hidden ?? emptyHidden };
  }, [location]);
}

// One object for "none", so effects that depend on it do not run again on each render.
const emptyHidden: HiddenState = {};

/** What the loaders read a history entry's hidden state from: the console's router. */
interface Followed {
  state: { location: { state: unknown }; navigation: { location?: { state: unknown } } };
}
let followed: Followed | null = null;

/** Set by the router once it exists (router.tsx; a test's memory router likewise). */
export function followRouter(router: Followed) {
  followed = router;
}

/**
 * The hidden state of the entry being loaded: a route loader is given the request, whose URL has
 * only the address, so the entry moved to (or, on a revalidation or the first load, the current
 * one) is read from the router's own state.
 */
export function hiddenOfLoad(): HiddenState {
  const location = followed?.state.navigation.location ?? followed?.state.location;
  return (location?.state as { hidden?: HiddenState } | null)?.hidden ?? {};
}
