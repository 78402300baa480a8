import type { FastifyRequest } from "fastify";

/**
 * True when the browser itself is posting a form as a page navigation (JavaScript off or not yet
 * loaded), so the answer must be a page. Fetch metadata says so; browsers without it (Safari
 * before 16.4) are recognised by asking for HTML. A script's fetch() is never a navigation.
 */
export function isBrowserNavigation(req: FastifyRequest): boolean {
  const mode = req.headers["sec-fetch-mode"];
  const dest = req.headers["sec-fetch-dest"];
  if (mode !== undefined || dest !== undefined) return mode === "navigate" || dest === "document";
  return /\btext\/html\b/.test(req.headers.accept ?? "");
}

/** The two encodings a browser posts a form in. */
export function isFormEncoded(req: FastifyRequest): boolean {
  const type = req.headers["content-type"] ?? "";
  return type.startsWith("application/x-www-form-urlencoded") || type.startsWith("multipart/form-data");
}

/** A form post a browser made on its own: to be answered with a page, not JSON. */
export function isBrowserFormPost(req: FastifyRequest): boolean {
  return req.method === "POST" && isFormEncoded(req) && isBrowserNavigation(req);
}
