/**
 * One POST to a routing rule's chat webhook (docs/decisions/051-webhook-address-policy.md). The
 * rule's host name is resolved here, at delivery, and every address it resolves to must be public
 * (public-address.ts); the connection then goes to the address that was checked, whatever the name
 * resolves to a moment later, so a name rebound to an inner address between the check and the
 * connection (DNS rebinding) cannot reach it. The Host header and the TLS server name stay the
 * rule's host name, so the certificate is checked against it. Redirects are not followed.
 */
import dns from "node:dns";
import http from "node:http";
import https from "node:https";
import net from "node:net";
import { nonPublicRange } from "./public-address";

export interface ResolvedAddress {
  address: string;
  family: number;
}

/** A host name's addresses, as the system's resolver gives them (tests pass their own). */
export type Resolve = (host: string) => Promise<ResolvedAddress[]>;

const systemResolve: Resolve = (host) => dns.promises.lookup(host, { all: true, order: "verbatim" });

/** The hosts the test flag ROUTING_ALLOW_LOOPBACK_HTTP lets a rule reach over http. */
const loopbackHosts = new Set(["127.0.0.1", "[::1]", "localhost"]);

export interface ChatPostOptions {
  timeoutMs: number;
  /** ROUTING_ALLOW_LOOPBACK_HTTP: tests' sinks on http://127.0.0.1 are reached, nothing else inner. */
  allowLoopbackHttp?: boolean;
  resolve?: Resolve;
}

/** A lookup for the connection that answers the checked address for any name: the pin. */
export function pinnedLookup(pinned: ResolvedAddress): net.LookupFunction {
  return ((_host: string, options: dns.LookupOptions, callback: (...args: unknown[]) => void) => {
    if (options.all) callback(null, [pinned]);
    else callback(null, pinned.address, pinned.family);
  }) as net.LookupFunction;
}

/** The address to connect to: the host's only address, or its first once every one was checked. */
async function checkedAddress(url: URL, opts: ChatPostOptions): Promise<ResolvedAddress> {
  const host = url.hostname.replace(/^\[|\]$/g, "");
  const literal = net.isIP(host);
  const addresses = literal ? [{ address: host, family: literal }] : await (opts.resolve ?? systemResolve)(host);
  if (addresses.length === 0) throw new Error(`chat webhook not sent: ${url.hostname} has no address`);
  const testSink = opts.allowLoopbackHttp && url.protocol === "http:" && loopbackHosts.has(url.hostname);
  if (!testSink) {
    if (url.protocol !== "https:") throw new Error("chat webhook not sent: its address is not https");
    for (const { address } of addresses) {
      const range = nonPublicRange(address);
      if (range)
        throw new Error(`chat webhook not sent: ${url.hostname} resolves to ${address}, not public (${range})`);
    }
  }
  return addresses[0]!;
}

/** One POST, bounded in time, to the checked address; any answer but 2xx (a redirect too) is a failure. */
export async function postChat(target: string, body: string, opts: ChatPostOptions): Promise<void> {
  const url = new URL(target);
  // One limit for the lookup and the request together, as fetch's signal was.
  const signal = AbortSignal.timeout(opts.timeoutMs);
  const pinned = await Promise.race([
    checkedAddress(url, opts),
    new Promise<never>((_, reject) => signal.addEventListener("abort", () => reject(signal.reason), { once: true })),
  ]);
  const client = url.protocol === "https:" ? https : http;
  const status = await new Promise<number>((resolve, reject) => {
    const req = client.request(
      url,
      {
        method: "POST",
        headers: { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(body) },
        lookup: pinnedLookup(pinned),
        // The connection's own agent: a kept-alive socket of another lookup is never reused.
        agent: false,
        signal,
      },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on("error", reject);
    req.end(body);
  });
  if (status < 200 || status >= 300) throw new Error(`chat webhook answered HTTP ${status}`);
}
