import type { FastifyInstance } from "fastify";

/** Whether the server is draining: set by SIGTERM (index.ts) or by close(). */
export interface Drain {
  started: boolean;
}

/**
 * The answering side of the drain (decision 049), for each listener: from the signal on, every
 * answer closes its connection, so a client or proxy opens its next one elsewhere. Each
 * listener's Fastify is also built with `return503OnClosing: false`, so a request that arrives
 * on a keep-alive connection still open while the listener closes is answered, not refused.
 */
export function closeConnectionsWhileDraining(app: FastifyInstance, drain: Drain): void {
  app.addHook("preClose", async () => {
    drain.started = true;
  });
  // At the answer, not the start: a request that arrived before the signal is answered after it.
  app.addHook("onSend", async (_req, reply, payload) => {
    if (drain.started) reply.header("Connection", "close");
    return payload;
  });
}
