/**
 * What a form sends beside its fields about where the enquiry came from (contracts/lead-source.ts):
 * the page's path from the form's hidden input, and, while the visitor allows measurement, the
 * visit's first referrer host and campaign that the measurement chunk kept in sessionStorage
 * (analytics/collector.ts). Without that consent nothing is read, and anything left is removed.
 */
import { sourceFields, visitSourceKey, type VisitSource } from "@contracts/lead-source";
import { hasConsent } from "./consent";

function visitSource(): VisitSource {
  try {
    if (!hasConsent("performance")) {
      sessionStorage.removeItem(visitSourceKey);
      return {};
    }
    return (JSON.parse(sessionStorage.getItem(visitSourceKey) ?? "{}") as VisitSource | null) ?? {};
  } catch {
    return {}; // storage disabled or a corrupt entry: no source
  }
}

/** The data to send with the source added (the server checks each part again). */
export function withLeadSource<T>(form: HTMLFormElement, data: T): T {
  const extra: Record<string, string> = {};
  const path = form.elements.namedItem(sourceFields.path);
  if (path instanceof HTMLInputElement && path.value) extra[sourceFields.path] = path.value;
  const { referrer, campaign } = visitSource();
  if (typeof referrer === "string") extra[sourceFields.referrer] = referrer;
  if (typeof campaign === "string") extra[sourceFields.campaign] = campaign;
  return { ...data, ...extra };
}
