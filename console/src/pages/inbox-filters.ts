/** The inbox's filters: its own module, so the inbox and its export buttons both read it without a cycle. */
import type { Kind } from "../api";

export type Filters = {
  kind: "" | Kind;
  status: string;
  from: string;
  to: string;
  q: string;
};

/** Filters without empty values, as the API takes them. */
export function filterBody(f: Filters) {
  return Object.fromEntries(Object.entries(f).filter(([, v]) => v !== ""));
}
