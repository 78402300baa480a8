/**
 * Sign-in attempts per client address per minute, in this instance's memory. Passkeys cannot be
 * guessed, but each attempt costs a signature check and a database write: the limit keeps a
 * flood of them from becoming load. The map is swept each window, so it cannot grow without end.
 */
export function signInLimiter(max: number, windowMs = 60_000) {
  let windowStart = 0;
  let counts = new Map<string, number>();
  return {
    /** True when this attempt is allowed; counts it. */
    take(ip: string, now: number): boolean {
      if (now - windowStart >= windowMs) {
        windowStart = now;
        counts = new Map();
      }
      const n = (counts.get(ip) ?? 0) + 1;
      counts.set(ip, n);
      return n <= max;
    },
    retryAfterSeconds(now: number): number {
      return Math.max(1, Math.ceil((windowStart + windowMs - now) / 1000));
    },
  };
}
