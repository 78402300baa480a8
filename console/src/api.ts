/** Calls to /admin/api: JSON in and out, the session cookie sent by the browser. */
import type { StaffAnswer } from "@contracts/console-answers";
import type { SubmissionKind } from "@contracts/submission-kinds";

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The refusal's other fields, such as a form's messages per field (`errors`). */
    readonly body: Record<string, unknown> = {},
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
  const json = (await res.json().catch(() => ({}))) as { data?: T; message?: string } & Record<string, unknown>;
  if (res.status === 401 && !path.startsWith("sign-in") && !path.startsWith("invitation")) onSignedOut();
  if (!res.ok) throw new ApiError(res.status, json.message ?? `The server answered ${res.status}.`, json);
  return json.data as T;
}

/**
 * A POST whose answer is a file, saved by the browser under the server's name for it. fetch
 * sends the console's Origin (a form post from this page would send "null": the page's
 * Referrer-Policy is no-referrer), and nothing of the request goes into the URL.
 */
export async function download(path: string, body: unknown): Promise<{ name: string; headers: Headers }> {
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
  const name = /filename="([^"]+)"/.exec(res.headers.get("Content-Disposition") ?? "")?.[1] ?? "download";
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Kept a while after the click, until the browser has taken the file.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return { name, headers: res.headers };
}

export type Staff = StaffAnswer;

export type Kind = SubmissionKind;

export const kindNames: Record<Kind, string> = { contact: "Enquiry", application: "Application", feedback: "Feedback" };

export function formatTime(iso: string): string {
  return new Date(iso).toLocaleString("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }) + " UTC";
}

/** "3 March 2027": a day, in UTC as the server counts them (deletion dates). */
export function formatDay(iso: string): string {
  return new Date(iso).toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
}

/** "3 March 2027 (12 months after the decision on 3 March 2026)": an application's deletion date. */
export function deletionText(deletion: { at: string; reason: string }): string {
  return `${formatDay(deletion.at)} (${deletion.reason})`;
}

/** What a failed call says to the person: the server's message, or why the server was not reached. */
export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
