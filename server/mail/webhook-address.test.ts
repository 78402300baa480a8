/**
 * A routing rule's webhook reaches only public addresses (docs/decisions/051): the ranges per
 * address, the save-time check of literal addresses, and delivery resolving the name itself and
 * connecting only to the address it checked, against real listeners on loopback: no test here
 * connects to anything off this machine.
 */
import http from "node:http";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pinnedLookup, postChat, type ResolvedAddress } from "./chat-post";
import { nonPublicRange } from "./public-address";
import { webhookProblem } from "./routed";

describe("the non-public ranges", () => {
  it.each([
    ["127.0.0.1", "loopback"],
    ["10.1.2.3", "private"],
    ["172.16.0.1", "private"],
    ["192.168.1.1", "private"],
    ["169.254.169.254", "linkLocal"],
    ["100.64.0.1", "carrierGradeNat"],
    ["198.18.0.1", "reserved"],
    ["198.19.255.254", "reserved"],
    ["192.0.0.1", "reserved"],
    ["192.0.2.1", "reserved"],
    ["240.0.0.1", "reserved"],
    ["224.0.0.1", "multicast"],
    ["0.0.0.0", "unspecified"],
    ["255.255.255.255", "broadcast"],
    ["::1", "loopback"],
    ["::", "unspecified"],
    ["fd00::1", "uniqueLocal"],
    ["fe80::1", "linkLocal"],
    ["fec0::1", "deprecatedSiteLocal"],
    ["ff02::1", "multicast"],
    ["2001:db8::1", "reserved"],
    ["::ffff:127.0.0.1", "IPv4-mapped to 127.0.0.1 (loopback)"],
    ["2002:7f00:1::", "6to4 to 127.0.0.1 (loopback)"],
    ["2002:c0a8:101::1", "6to4 to 192.168.1.1 (private)"],
    ["2001::1", "teredo"],
    ["64:ff9b::a9fe:a9fe", "NAT64 to 169.254.169.254 (linkLocal)"],
    ["64:ff9b:1::1", "rfc6052"],
    ["::7f00:1", "not global unicast"],
    ["hooks.slack.com", "not an IP address"],
  ])("%s is %s", (address, range) => expect(nonPublicRange(address)).toBe(range));

  it.each(["8.8.8.8", "52.4.1.9", "2606:4700:4700::1111", "::ffff:8.8.8.8", "2002:808:808::1", "64:ff9b::808:808"])(
    "%s is public",
    (address) => expect(nonPublicRange(address)).toBeUndefined(),
  );

  it.each(["https://198.18.0.1/hook", "https://192.0.0.1/hook", "https://[2002:7f00:1::]/hook"])(
    "refuses %s when the rule is saved",
    (url) => expect(webhookProblem(url, { allowLoopbackHttp: false })).toMatch(/own network/),
  );
});

describe("delivery to a name that resolves to loopback", () => {
  let connections = 0;
  let port = 0;
  const listener = net.createServer((socket) => {
    connections++;
    socket.destroy();
  });
  beforeAll(() => new Promise<void>((r) => listener.listen(0, "127.0.0.1", () => r())));
  beforeAll(() => void (port = (listener.address() as net.AddressInfo).port));
  afterAll(() => new Promise<void>((r) => listener.close(() => r())));

  it("posts nothing to https://localtest.me, which the resolver gives as 127.0.0.1, and says why", async () => {
    const asked: string[] = [];
    const resolve = async (host: string): Promise<ResolvedAddress[]> => {
      asked.push(host);
      return [{ address: "127.0.0.1", family: 4 }];
    };
    await expect(postChat(`https://localtest.me:${port}/hook`, "{}", { timeoutMs: 2_000, resolve })).rejects.toThrow(
      "chat webhook not sent: localtest.me resolves to 127.0.0.1, not public (loopback)",
    );
    expect(asked).toEqual(["localtest.me"]);
    expect(connections).toBe(0);
  });

  it("refuses a name when any one of its addresses is inner, the first public or not", async () => {
    const resolve = async (): Promise<ResolvedAddress[]> => [
      { address: "52.4.1.9", family: 4 },
      { address: "::1", family: 6 },
    ];
    await expect(postChat(`https://hooks.example.com:${port}/x`, "{}", { timeoutMs: 2_000, resolve })).rejects.toThrow(
      /resolves to ::1, not public \(loopback\)/,
    );
    // The test flag opens http on a loopback literal only, not a name that resolves there.
    await expect(
      postChat(`http://hooks.example.com:${port}/x`, "{}", { timeoutMs: 2_000, resolve, allowLoopbackHttp: true }),
    ).rejects.toThrow(/not https/);
    expect(connections).toBe(0);
  });

  it("connects to the checked address whatever the name resolves to later: the lookup is pinned", () => {
    const lookup = pinnedLookup({ address: "52.4.1.9", family: 4 });
    const answers: unknown[] = [];
    lookup("rebound.example", { all: true }, (...args: unknown[]) => answers.push(args));
    lookup("rebound.example", {}, (...args: unknown[]) => answers.push(args));
    expect(answers).toEqual([
      [null, [{ address: "52.4.1.9", family: 4 }]],
      [null, "52.4.1.9", 4],
    ]);
  });
});

describe("delivery connects to the address its one lookup checked", () => {
  // Two listeners on one port, both on this machine: 127.0.0.2, the address the delivery's lookup
  // gives, and 127.0.0.1, where the system resolves "localhost" (/etc/hosts). A connection that
  // looked the name up again would reach 127.0.0.1 (or be refused on ::1), never 127.0.0.2.
  // (127.0.0.0/8 is all loopback on Linux, where the tests run; macOS has 127.0.0.1 alone.)
  const reached: { at: string; body: string }[] = [];
  const receiver = () =>
    http.createServer((req, res) => {
      let body = "";
      req.on("data", (chunk) => (body += chunk));
      req.on("end", () => {
        reached.push({ at: req.socket.localAddress ?? "", body });
        res.writeHead(204).end();
      });
    });
  const checked = receiver();
  const rebound = receiver();
  let port = 0;
  beforeAll(async () => {
    await new Promise<void>((r) => rebound.listen(0, "127.0.0.1", () => r()));
    port = (rebound.address() as net.AddressInfo).port;
    await new Promise<void>((r) => checked.listen(port, "127.0.0.2", () => r()));
  });
  afterAll(async () => {
    await new Promise<void>((r) => checked.close(() => r()));
    await new Promise<void>((r) => rebound.close(() => r()));
  });

  it("posts to the address the delivery resolved, once, not to what the name resolves to at connection", async () => {
    const asked: string[] = [];
    // A rebinding name: its first answer is the one checked, any later one another address.
    const resolve = async (host: string): Promise<ResolvedAddress[]> => {
      asked.push(host);
      return [{ address: asked.length === 1 ? "127.0.0.2" : "127.0.0.1", family: 4 }];
    };
    // The test flag lets a rule reach http://localhost; the pin is the same as for https and a
    // public address, without a connection leaving this machine.
    await postChat(`http://localhost:${port}/hook`, '{"text":"pinned"}', {
      timeoutMs: 2_000,
      resolve,
      allowLoopbackHttp: true,
    });
    expect(asked).toEqual(["localhost"]);
    expect(reached).toEqual([{ at: "127.0.0.2", body: '{"text":"pinned"}' }]);
  });
});
