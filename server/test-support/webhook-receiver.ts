import http from "node:http";
import type net from "node:net";

/** A webhook receiver on loopback that keeps every delivery with its headers. */
export async function startWebhookReceiver() {
  const deliveries: { body: string; headers: Record<string, string> }[] = [];
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      deliveries.push({ body, headers: req.headers as Record<string, string> });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    url: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}/hooks/site`,
    deliveries,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
