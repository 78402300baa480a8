/** Calls to /admin/api: JSON in and out, the session cookie sent by the browser. */
import { z } from "zod";
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

/**
 * The server answered, but not as its contract in contracts/ says: shown as such (PageError.tsx),
 * never passed on as data the page would draw wrongly or crash on.
 */
export class AnswerNotUnderstood extends Error {
  constructor(
    readonly path: string,
    readonly issues: string,
  ) {
    super("The server's answer was not understood. Try again; if it happens again, reload the page.");
  }
}

/** Told when any call answers 401, so the console shows the sign-in page. */
let onSignedOut: () => void = () => {};
export function whenSignedOut(handler: () => void) {
  onSignedOut = handler;
}

/**
 * A call to /admin/api/<path>: GET without a body, POST with one. Its answer's data is parsed with
 * the answer's schema from contracts/ (at the edge: a page gets what the contract says, or an
 * AnswerNotUnderstood error, never unchecked data).
 */
export async function api<S extends z.ZodType>(path: string, schema: S, body?: unknown): Promise<z.infer<S>> {
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
  const json = (await res.json().catch(() => ({}))) as { data?: unknown; message?: string } & Record<string, unknown>;
  if (res.status === 401 && path !== "me" && !path.startsWith("sign-in") && !path.startsWith("invitation"))
    onSignedOut();
  if (!res.ok) throw new ApiError(res.status, json.message ?? `The server answered ${res.status}.`, json);
  const parsed = schema.safeParse(json.data);
  if (!parsed.success) {
    // Where the answer broke its contract (paths and expectations, not the values), for whoever debugs it.
    const issues = parsed.error.issues.map((i) => `${i.path.join(".") || "(answer)"}: ${i.code}`).join("; ");
    console.error(`The answer of ${path.split("?")[0]} broke its contract: ${issues}`);
    throw new AnswerNotUnderstood(path, issues);
  }
  return parsed.data;
}

/** For calls whose answer the console does not read (a retry, a move, a deletion): anything will do. */
export const unreadAnswer = z.unknown();

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
