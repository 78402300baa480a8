import http from "node:http";
import type net from "node:net";

/**
 * A webhook receiver on loopback that keeps every delivery with its headers. `hold` delays the
 * answer to a delivery (it is kept on arrival): a delivery held is one still in flight.
 */
export async function startWebhookReceiver(opts: { hold?: (body: string) => Promise<void> } = {}) {
  const deliveries: { body: string; headers: Record<string, string> }[] = [];
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      deliveries.push({ body, headers: req.headers as Record<string, string> });
      void (opts.hold?.(body) ?? Promise.resolve()).then(() => res.writeHead(204).end());
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    url: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}/hooks/site`,
    deliveries,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
