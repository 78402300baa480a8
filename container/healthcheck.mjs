// The image's HEALTHCHECK: exit 0 when GET /readyz on this container's own port answers 200.
// Node itself, since the slim base has no curl or wget; 4 s, under the check's 5 s timeout.
const port = process.env.PORT ?? "3000";
try {
  const res = await fetch(`http://127.0.0.1:${port}/readyz`, { signal: AbortSignal.timeout(4_000) });
  const body = await res.text();
  if (!res.ok) console.log(body);
  process.exit(res.ok ? 0 : 1);
} catch (error) {
  console.log(`no answer from /readyz: ${error.name}`);
  process.exit(1);
}
