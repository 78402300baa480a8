import type { FastifyReply, FastifyRequest } from "fastify";

/**
 * Browsers cannot send a custom header cross-origin without a CORS preflight, so requiring
 * X-Requested-With (and, when an Origin is sent, an allowed one) shuts out cross-site form posts.
 */
export function submissionGuard(allowedOrigins: readonly string[]) {
  return async (req: FastifyRequest, reply: FastifyReply) => {
    if (req.headers["x-requested-with"] !== "XMLHttpRequest") {
      return reply.code(403).send({ status: false, message: "This request is not allowed." });
    }
    const origin = req.headers.origin;
    if (origin !== undefined) {
      const sameOrigin = req.headers.host !== undefined && origin === `${req.protocol}://${req.headers.host}`;
      if (!sameOrigin && !allowedOrigins.includes(origin)) {
        return reply.code(403).send({ status: false, message: "This request is not allowed from this origin." });
      }
    }
  };
}
