/** The console's few addresses, without a router library: the path is the state. */
import { useEffect, useState } from "react";

/**
 * What a page keeps with its history entry but never in its address: the inbox's search words
 * (they may be a name), carried to the submission page for its Previous and Next.
 */
export type HiddenState = Record<string, string>;

export function navigate(to: string, hidden?: HiddenState) {
  window.history.pushState(hidden ? { hidden } : null, "", to);
  window.dispatchEvent(new PopStateEvent("popstate"));
}

/** This history entry's hidden state (navigate's second argument). */
export function hiddenState(): HiddenState {
  const state = window.history.state as { hidden?: HiddenState } | null;
  return state?.hidden ?? {};
}

export function usePath(): string {
  const [path, setPath] = useState(window.location.pathname);
  useEffect(() => {
    const update = () => setPath(window.location.pathname);
    window.addEventListener("popstate", update);
    return () => window.removeEventListener("popstate", update);
  }, []);
  return path;
}

/** The address's query and this entry's hidden state, kept current on every move (filters in the address). */
export function useLocationState(): { search: string; hidden: HiddenState } {
  const read = () => ({ search: window.location.search, hidden: hiddenState() });
  const [state, setState] = useState(read);
  useEffect(() => {
    const update = () =>
      setState((old) => {
        const now = read();
        return now.search === old.search && JSON.stringify(now.hidden) === JSON.stringify(old.hidden) ? old : now;
      });
    window.addEventListener("popstate", update);
    return () => window.removeEventListener("popstate", update);
  }, []);
  return state;
}

/** A same-page link: plain <a> (so it opens in a new tab too), handled without reloading. */
export function onLinkClick(event: React.MouseEvent<HTMLAnchorElement>) {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  navigate(event.currentTarget.getAttribute("href")!);
}

/** onLinkClick that carries hidden state to the page it opens (a new tab gets the address only). */
export function linkWith(hidden: HiddenState) {
  return (event: React.MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(event.currentTarget.getAttribute("href")!, hidden);
  };
}
