/** Calls to /admin/api: JSON in and out, the session cookie sent by the browser. */
import type { StaffAnswer, submissionKinds } from "@contracts/console-answers";

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** Told when any call answers 401, so the console shows the sign-in page. */
let onSignedOut: () => void = () => {};
export function whenSignedOut(handler: () => void) {
  onSignedOut = handler;
}

export async function api<T>(path: string, body?: unknown): Promise<T> {
  let res: Response;
  try {
    res = await fetch(`/admin/api/${path}`, {
      method: body === undefined ? "GET" : "POST",
      credentials: "same-origin",
      headers: body === undefined ? {} : { "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, "The server could not be reached. Check your connection and try again.");
  }
  const json = (await res.json().catch(() => ({}))) as { data?: T; message?: string };
  if (res.status === 401 && !path.startsWith("sign-in") && !path.startsWith("invitation")) onSignedOut();
  if (!res.ok) throw new ApiError(res.status, json.message ?? `The server answered ${res.status}.`);
  return json.data as T;
}

export type Staff = StaffAnswer;

export const roleNames: Record<Staff["role"], string> = { admin: "Administrator", hr: "HR", sales: "Sales" };

export type Kind = (typeof submissionKinds)[number];

export const kindNames: Record<Kind, string> = { contact: "Enquiry", application: "Application", feedback: "Feedback" };

export function formatTime(iso: string): string {
  return new Date(iso).toLocaleString("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }) + " UTC";
}

/**
 * POSTs to /admin/api like api() and saves the answer as the file its Content-Disposition
 * names. A fetch, not a form post: it carries the console's Origin, and the filters stay in the
 * body, out of any address.
 */
export async function download(path: string, body: unknown): Promise<void> {
  let res: Response;
  try {
    res = await fetch(`/admin/api/${path}`, {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, "The server could not be reached. Check your connection and try again.");
  }
  if (!res.ok) {
    const json = (await res.json().catch(() => ({}))) as { message?: string };
    if (res.status === 401) onSignedOut();
    throw new ApiError(res.status, json.message ?? `The server answered ${res.status}.`);
  }
  const name = /filename="([^"]+)"/.exec(res.headers.get("Content-Disposition") ?? "")?.[1] ?? "export";
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has handed the file to the browser's download.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
