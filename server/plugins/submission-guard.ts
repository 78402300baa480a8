import type { FastifyReply, FastifyRequest } from "fastify";
import { isBrowserFormPost } from "../forms/navigation";

function originAllowed(req: FastifyRequest, origin: string, allowedOrigins: readonly string[]): boolean {
  const sameOrigin = req.headers.host !== undefined && origin === `${req.protocol}://${req.headers.host}`;
  return sameOrigin || allowedOrigins.includes(origin);
}

/**
 * Browsers cannot send a custom header cross-origin without a CORS preflight, so requiring
 * X-Requested-With (and, when an Origin is sent, an allowed one) shuts out cross-site script posts.
 * A browser posting the form itself (no scripts) cannot add the header; it always sends Origin
 * with a POST, so there the Origin is required and must be the site's own or an allowed one.
 */
export function submissionGuard(allowedOrigins: readonly string[]) {
  return async (req: FastifyRequest, reply: FastifyReply) => {
    const origin = req.headers.origin;
    if (req.headers["x-requested-with"] !== "XMLHttpRequest") {
      if (isBrowserFormPost(req) && origin !== undefined && originAllowed(req, origin, allowedOrigins)) return;
      return reply.code(403).send({ status: false, message: "This request is not allowed." });
    }
    if (origin !== undefined && !originAllowed(req, origin, allowedOrigins)) {
      return reply.code(403).send({ status: false, message: "This request is not allowed from this origin." });
    }
  };
}
