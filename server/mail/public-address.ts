/**
 * Which IP addresses a routing rule's webhook may reach (docs/decisions/051-webhook-address-policy.md):
 * only public unicast ones. The ranges are ipaddr.js's table of special-purpose addresses (IANA's
 * registries), not patterns of our own; the transition prefixes that carry an IPv4 address inside
 * an IPv6 one (IPv4-mapped, 6to4, NAT64) are judged by the IPv4 address they lead to.
 */
import ipaddr from "ipaddr.js";

/** IPv6's global unicast block (2000::/3): everything outside it is reserved or special. */
const globalUnicast = ipaddr.parseCIDR("2000::/3");
/** NAT64's well-known prefix (RFC 6052): its last 32 bits are the IPv4 address reached. */
const nat64 = ipaddr.parseCIDR("64:ff9b::/96");

/** The IPv4 address in bits 16 to 47 of a 6to4 address (RFC 3056), or in the last 32 of a NAT64 one. */
function embeddedV4(parts: number[], from: number): ipaddr.IPv4 {
  const [high = 0, low = 0] = parts.slice(from, from + 2);
  return new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
}

/**
 * The name of the non-public range an address is in ("loopback", "private", "reserved",
 * "6to4 to 127.0.0.1 (loopback)"), or undefined when it is a public unicast address.
 * Anything that is not an address at all is refused too.
 */
export function nonPublicRange(address: string): string | undefined {
  let ip: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    ip = ipaddr.parse(address.replace(/^\[|\]$/g, ""));
  } catch {
    return "not an IP address";
  }
  if (ip.kind() === "ipv4") {
    const range = ip.range();
    return range === "unicast" ? undefined : range;
  }
  const v6 = ip as ipaddr.IPv6;
  if (v6.isIPv4MappedAddress()) return inner("IPv4-mapped", v6.toIPv4Address());
  const range = v6.range();
  if (range === "6to4") return inner("6to4", embeddedV4(v6.parts, 1));
  if (range === "rfc6052" && v6.match(nat64)) return inner("NAT64", embeddedV4(v6.parts, 6));
  // Teredo (2001::/32) tunnels to an address the packet's relay picks: never a webhook's.
  if (range !== "unicast") return range;
  return v6.match(globalUnicast) ? undefined : "not global unicast";
}

function inner(prefix: string, v4: ipaddr.IPv4): string | undefined {
  const range = nonPublicRange(v4.toString());
  return range ? `${prefix} to ${v4.toString()} (${range})` : undefined;
}
