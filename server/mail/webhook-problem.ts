/**
 * Why a chat webhook's delivery failed, in words an administrator can act on (issue 44, decision
 * 073): a refused address, no answer in time, the service's HTTP status, a refused connection or
 * certificate. Built from the error's kind only, never its text: node's messages can carry more
 * than we want on a screen, and the rule's URL (a credential) must never show. The host is the
 * one the console already shows for the rule.
 */

const statusWords: Record<number, string> = {
  400: "the service did not accept the message (HTTP 400): check the message format",
  401: "the service refused it (HTTP 401): the webhook may have been revoked",
  403: "the service refused it (HTTP 403): the webhook may have been revoked",
  404: "the service has no such webhook any more (HTTP 404)",
  410: "the service has removed the webhook (HTTP 410)",
  429: "the service asked us to slow down (HTTP 429)",
};

function httpWords(status: number): string {
  if (statusWords[status]) return statusWords[status];
  if (status >= 300 && status < 400)
    return `the service answered with a redirect (HTTP ${status}), which is not followed`;
  if (status >= 500) return `the service had a fault on its side (HTTP ${status})`;
  return `the service answered HTTP ${status}`;
}

/** Node's network error codes we name; any other code is said as a failed connection. */
const codeWords: Record<string, (host: string) => string> = {
  ECONNREFUSED: (host) => `${host} refused the connection`,
  ECONNRESET: (host) => `${host} closed the connection before answering`,
  ENOTFOUND: (host) => `${host} has no address (the name is not in DNS)`,
  EAI_AGAIN: (host) => `${host} could not be looked up (DNS did not answer)`,
  EHOSTUNREACH: (host) => `${host} cannot be reached from the server`,
  ENETUNREACH: (host) => `${host} cannot be reached from the server`,
};

export function webhookProblemInWords(error: unknown, host: string, timeoutMs: number): string {
  const e = error as { name?: string; code?: string; message?: string } | null;
  const message = typeof e?.message === "string" ? e.message : "";
  if (e?.name === "TimeoutError" || e?.name === "AbortError")
    return `no answer from ${host} within ${timeoutMs < 1000 ? `${timeoutMs} ms` : `${Math.round(timeoutMs / 1000)} seconds`} (timeout)`;
  const status = /^chat webhook answered HTTP (\d{3})$/.exec(message);
  if (status) return httpWords(Number(status[1]));
  const refused = / resolves to (\S+), not public \(([^)]+)\)$/.exec(message);
  if (refused)
    return `refused address: ${host} leads to ${refused[1]}, inside a private network (${refused[2]}), not the internet`;
  if (/has no address$/.test(message)) return `${host} has no address (the name is not in DNS)`;
  if (/is not https$/.test(message)) return "refused address: the webhook is not https";
  if (/ROUTING_SECRET_KEY|cannot be opened|unable to authenticate/i.test(message))
    return "the saved webhook cannot be opened with the server's ROUTING_SECRET_KEY: save the webhook again";
  if (e?.code && codeWords[e.code]) return codeWords[e.code]!(host);
  if (e?.code && /CERT|SSL|TLS|SELF_SIGNED|ALTNAME/.test(e.code)) return `the certificate of ${host} was not accepted`;
  return `the connection to ${host} failed`;
}
