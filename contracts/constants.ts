/**
 * The parts of the contract every form needs in the browser before anything is validated. No zod
 * here, so pages that show a form do not ship the validator until someone submits (forms/schema.ts
 * is loaded then). Each form's fields, words, options and path live in its definition in forms/,
 * so a page ships only the form it shows.
 */
/** Name of the honeypot field: hidden from people, filled only by bots. */
export const honeypotField = "website";

/**
 * Id of what a browser's own post lands on (the returned form's error summary, or the
 * confirmation). Each form's action ends in #form-answer, so the answer opens scrolled to it.
 */
export const formAnswerId = "form-answer";

/** The header every submission carries; the server refuses submissions without it. */
export const requestedWithHeader = { "X-Requested-With": "XMLHttpRequest" } as const;

/**
 * What the API answers. A success may come without a message (the spec: "server message, or"
 * the form's default), so the forms fall back to their own words.
 */
export type ApiResponse<T = unknown> =
  { status: true; message?: string; data?: T } | { status: false; message: string; errors?: Record<string, string> };
