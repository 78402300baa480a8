/**
 * The console's addresses in one spelling before routing: `/ADMIN/api/me`, `//admin//api/me` and
 * `/%61dmin/api/me` all become `/admin/api/me`, so every variant meets the route it names and
 * that route's access check (access.ts) instead of a different route or the site's 404. Paths
 * outside /admin are left exactly as they came. Only the `admin` and `api` segments are folded
 * to lower case: later segments hold case-sensitive values (passkey ids).
 */
/** The console's first path segment (the URL, not a staff role). */
const consoleSegment = "admin";

export function canonicalConsoleUrl(url: string): string {
  const q = url.indexOf("?");
  const path = q < 0 ? url : url.slice(0, q);
  const segments = path.split("/").filter((s, i) => i === 0 || s !== "");
  const decoded = (s: string | undefined) => {
    try {
      return decodeURIComponent(s ?? "").toLowerCase();
    } catch {
      return "";
    }
  };
  if (decoded(segments[1]) !== consoleSegment) return url;
  segments[1] = consoleSegment;
  if (decoded(segments[2]) === "api") segments[2] = "api";
  const trailing = path.length > 1 && path.endsWith("/") ? "/" : "";
  return segments.join("/") + trailing + (q < 0 ? "" : url.slice(q));
}
