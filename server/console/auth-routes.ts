/** Signing in and out, and creating a passkey from an invitation. */
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { StaffAnswer } from "../../contracts/console-answers";
import { everyone, signedIn } from "./access";
import { appendAudit } from "./audit";
import { fail } from "./http";
import type { RouteContext } from "./route-context";
import {
  absoluteLifetimeMs,
  createSession,
  endAllSessions,
  endSession,
  sessionCookie,
  withPermissions,
  type SignedIn,
} from "./sessions";
import { signInLimiter } from "./sign-in-limit";
import { clientKey } from "../plugins/rate-limit";
import {
  authenticationOptions,
  completeAuthentication,
  completeRegistration,
  PasskeyError,
  registrationOptions,
} from "./webauthn";

const tokenBody = z.object({ token: z.string().min(20).max(100) });
const registerBody = tokenBody.extend({ response: z.record(z.string(), z.unknown()) });
const signInBody = z.object({ response: z.record(z.string(), z.unknown()) });

/**
 * What the console is told about the signed-in person (not which passkey they used): with their
 * role's label and permissions, which the console's `can` reads (contracts/staff/permissions.ts).
 */
function person(staff: SignedIn): StaffAnswer {
  const { id, email, name, role, roleLabel, permissions } = staff;
  return { id, email, name, role, roleLabel, permissions: [...permissions] };
}

export async function authRoutes(app: FastifyInstance, ctx: RouteContext) {
  const { storage, now } = ctx;
  const rp = { origin: ctx.config.admin.origin };
  const limiter = signInLimiter(ctx.config.admin.signInRateMax);

  const setCookie = (reply: import("fastify").FastifyReply, token: string) =>
    reply.header("Set-Cookie", sessionCookie(ctx.cookieName, token, ctx.secure, absoluteLifetimeMs / 1000));
  const clearCookie = (reply: import("fastify").FastifyReply) =>
    reply.header("Set-Cookie", sessionCookie(ctx.cookieName, "", ctx.secure, 0));

  const limited = (req: import("fastify").FastifyRequest, reply: import("fastify").FastifyReply) => {
    const at = now().getTime();
    if (limiter.take(clientKey(req.ip), at)) return false;
    reply.header("Retry-After", String(limiter.retryAfterSeconds(at)));
    void fail(reply, 429, "Too many sign-in attempts. Please wait a minute and try again.");
    return true;
  };

  app.post("/admin/api/sign-in/options", everyone, async (req, reply) => {
    if (limited(req, reply)) return reply;
    return { status: true, data: await authenticationOptions(storage.db, rp, now()) };
  });

  app.post("/admin/api/sign-in/verify", everyone, async (req, reply) => {
    if (limited(req, reply)) return reply;
    const body = signInBody.safeParse(req.body);
    if (!body.success) return fail(reply, 400, "The sign-in answer was not understood.");
    try {
      const session = await completeAuthentication(storage.db, rp, body.data.response as never, now());
      setCookie(reply, await createSession(storage.db, session.id, session.passkeyId, now()));
      await appendAudit(storage.db, { staff: session, action: "sign-in" }, now());
      return { status: true, data: person(withPermissions(session, ctx.staffRoles)) };
    } catch (error) {
      if (!(error instanceof PasskeyError)) throw error;
      // Refused sign-ins are kept too: someone holding a revoked person's laptop shows up here.
      // The credential id a stranger sends is not stored; only the reason and, if known, whose.
      const refusal = error.refusal ?? { reason: "verification failed" };
      await appendAudit(
        storage.db,
        {
          staff: refusal.staff ?? null,
          action: "sign-in refused",
          subject: refusal.staff?.email ?? null,
          detail: refusal.reason,
        },
        now(),
      );
      return fail(reply, 401, error.message);
    }
  });

  app.post("/admin/api/invitation/options", everyone, async (req, reply) => {
    if (limited(req, reply)) return reply;
    const body = tokenBody.safeParse(req.body);
    if (!body.success)
      return fail(reply, 400, "This invitation link is not complete. Open the whole link you were sent.");
    try {
      return { status: true, data: await registrationOptions(storage.db, rp, body.data.token, now()) };
    } catch (error) {
      if (error instanceof PasskeyError) return fail(reply, 410, error.message);
      throw error;
    }
  });

  app.post("/admin/api/invitation/verify", everyone, async (req, reply) => {
    if (limited(req, reply)) return reply;
    const body = registerBody.safeParse(req.body);
    if (!body.success) return fail(reply, 400, "The passkey answer was not understood.");
    try {
      const session = await completeRegistration(storage.db, rp, body.data.token, body.data.response as never, now());
      setCookie(reply, await createSession(storage.db, session.id, session.passkeyId, now()));
      await appendAudit(storage.db, { staff: session, action: "passkey created", subject: session.email }, now());
      return { status: true, data: person(withPermissions(session, ctx.staffRoles)) };
    } catch (error) {
      if (error instanceof PasskeyError) return fail(reply, 410, error.message);
      throw error;
    }
  });

  app.get("/admin/api/me", signedIn, async (req) => ({ status: true, data: person(req.staff!) }));

  app.post("/admin/api/sign-out", signedIn, async (req, reply) => {
    await endSession(storage.db, req.sessionToken!);
    await appendAudit(storage.db, { staff: req.staff, action: "sign-out" }, now());
    clearCookie(reply);
    return { status: true };
  });

  app.post("/admin/api/sign-out-everywhere", signedIn, async (req, reply) => {
    const ended = await endAllSessions(storage.db, req.staff!.id);
    await appendAudit(
      storage.db,
      { staff: req.staff, action: "sign-out", detail: `everywhere (${ended} session(s))` },
      now(),
    );
    clearCookie(reply);
    return { status: true, data: { ended } };
  });
}
