/**
 * The console's API as a component test sees it: fetch answers from a table of `/admin/api/` paths,
 * in the server's envelope, and records what was sent. The answers are typed by their contracts,
 * so a test cannot answer what the server could not. An answer that is a Response (a refusal) is
 * sent as it is.
 */
import { vi } from "vitest";

export interface Sent {
  method: string;
  path: string;
  body: unknown;
}

export function serverAnswers(answers: Record<string, (body: unknown) => unknown>) {
  const sent: Sent[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string, init?: RequestInit) => {
      const path = input.replace(/^\/admin\/api\//, "");
      const body = typeof init?.body === "string" ? (JSON.parse(init.body) as unknown) : undefined;
      sent.push({ method: init?.method ?? "GET", path, body });
      const answer = answers[`${init?.method ?? "GET"} ${path}`];
      if (!answer) return Response.json({ status: false, message: `No answer for ${path}.` }, { status: 404 });
      const data = await answer(body);
      // A refusal (a 409, a 400 with its issues) is given whole, as the server would send it.
      if (data instanceof Response) return data;
      return Response.json({ status: true, data });
    }),
  );
  return { sent, posted: (path: string) => sent.filter((s) => s.method === "POST" && s.path === path) };
}
