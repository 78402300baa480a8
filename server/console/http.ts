/** Small helpers shared by the console's routes. */
import type { FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import type { SignedIn } from "./sessions";

export function cookieValue(req: FastifyRequest, name: string): string | undefined {
  const header = req.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

export function fail(reply: FastifyReply, code: number, message: string) {
  return reply.code(code).send({ status: false, message });
}

export const forbidden = (reply: FastifyReply) => fail(reply, 403, "Your role does not give access to this.");
export const notFound = (reply: FastifyReply) => fail(reply, 404, "Not found.");

export function staffOf(req: FastifyRequest): SignedIn {
  if (!req.staff) throw new Error("route reached without a session");
  return req.staff;
}

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in person (set by the console's session hook). */
    staff?: SignedIn;
    sessionToken?: string;
  }
}

/**
 * A row id in the address: a positive integer within both databases' integer range (PostgreSQL
 * refuses a query with a larger one, which would answer 500 instead of "not found").
 */
export const idParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
