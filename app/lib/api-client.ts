import { requestedWithHeader, type ApiResponse } from "@contracts/constants";

/** Where the forms post. Both default to the site's own origin; set at build time for other hosts. */
export const apiBases = {
  contact: (import.meta.env.VITE_CONTACT_API_BASE as string | undefined)?.replace(/\/+$/, "") ?? "",
  careers: (import.meta.env.VITE_CAREERS_API_BASE as string | undefined)?.replace(/\/+$/, "") ?? "",
};

/** What became of a submission: answered (ok or not, with the server's words) or never answered. */
export type SubmitOutcome =
  | { kind: "accepted"; response: ApiResponse & { status: true } }
  | { kind: "refused"; response?: ApiResponse }
  | { kind: "unreachable"; error: unknown };

/**
 * Sends one submission. Success is an HTTP ok answer whose body says status true; a network
 * failure or an unreadable body is "unreachable", as the spec's error catalogue distinguishes.
 */
export async function submit(url: string, body: string | FormData): Promise<SubmitOutcome> {
  let res: Response;
  let json: unknown;
  try {
    res = await fetch(url, {
      method: "POST",
      headers:
        typeof body === "string" ? { "Content-Type": "application/json", ...requestedWithHeader } : requestedWithHeader,
      body,
    });
    json = await res.json();
  } catch (error) {
    return { kind: "unreachable", error };
  }
  const { apiResponseSchema } = await import("@contracts/response");
  const parsed = apiResponseSchema.safeParse(json);
  if (!parsed.success) {
    return res.ok ? { kind: "unreachable", error: parsed.error } : { kind: "refused" };
  }
  const response = parsed.data as ApiResponse;
  if (res.ok && response.status) return { kind: "accepted", response };
  return { kind: "refused", response };
}
