import type { FastifyPluginAsync } from "fastify";
import fp from "fastify-plugin";

export interface SecurityHeadersOptions {
  /** Extra origins the pages may call (API hosts on other origins). */
  connectSrc?: readonly string[];
}

/**
 * Headers every answer carries. Pages get their Content-Security-Policy from the static site
 * plugin (it knows each page's inline-script hashes); everything else gets the strictest one.
 */
export const baseSecurityHeaders = {
  "Strict-Transport-Security": "max-age=63072000; includeSubDomains",
  "X-Content-Type-Options": "nosniff",
  "X-Frame-Options": "DENY",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "Cross-Origin-Resource-Policy": "same-origin",
  "Cross-Origin-Opener-Policy": "same-origin",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=()",
} as const;

export function pageCsp(scriptHashes: readonly string[], connectSrc: readonly string[] = []): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${scriptHashes.join(" ")}`.trim(),
    // React writes style attributes (e.g. animation delays); styles cannot run code.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src 'self' ${connectSrc.join(" ")}`.trim(),
    // A form posts to the same hosts its scripts call when JavaScript is off.
    `form-action 'self' ${connectSrc.join(" ")}`.trim(),
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "object-src 'none'",
  ].join("; ");
}

export const strictCsp = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

export const securityHeaders: FastifyPluginAsync<SecurityHeadersOptions> = fp(async (app) => {
  app.addHook("onSend", async (_req, reply, payload) => {
    for (const [name, value] of Object.entries(baseSecurityHeaders)) reply.header(name, value);
    if (!reply.hasHeader("Content-Security-Policy")) reply.header("Content-Security-Policy", strictCsp);
    return payload;
  });
});
