import { dashboardAnswer, dashboardQuery } from "@contracts/dashboard";
import { api } from "../../api";

/** The address's query keys the dashboard reads: a period, a comparison and filters, nothing personal. */
const keys = ["period", "compare", "from", "to", "page", "source", "campaign"] as const;

/** The dashboard's query from the address, each value kept only when it is of the contract's shape. */
export function dashboardSearch(search: URLSearchParams): URLSearchParams {
  const out = new URLSearchParams();
  for (const key of keys) {
    const value = search.get(key);
    if (!value) continue;
    const checked = dashboardQuery.shape[key].safeParse(value);
    if (checked.success && checked.data !== undefined) out.set(key, checked.data);
  }
  return out;
}

export const dashboardLoader = (_id: number, search: URLSearchParams) =>
  api(`dashboard?${dashboardSearch(search).toString()}`, dashboardAnswer);
