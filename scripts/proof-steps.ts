/**
 * The parts the container proofs share (`proof:container`, scripts/container-proof.ts, and
 * `proof:compose`, scripts/compose-proof.ts): named, timed steps, checks that stop the proof, and
 * the throwaway certificate standing in for the operator's certs/.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const timings: [string, number][] = [];

/** Runs one named step of the proof, printing its name and how long it took. */
export async function step<T>(name: string, fn: () => Promise<T> | T): Promise<T> {
  const started = performance.now();
  console.log(`\n== ${name}`);
  const result = await fn();
  const ms = performance.now() - started;
  timings.push([name, ms]);
  console.log(`   (${(ms / 1000).toFixed(1)} s)`);
  return result;
}

/** Stops the proof with `what` unless `ok`; prints it as passed otherwise. */
export function check(ok: boolean, what: string): void {
  if (!ok) throw new Error(`FAILED: ${what}`);
  console.log(`   ok: ${what}`);
}

/** The closing lines: the whole time since `started` and each step's. */
export function printTimings(proof: string, started: number): void {
  console.log(`\n${proof} proof passed in ${((performance.now() - started) / 1000).toFixed(0)} s:`);
  for (const [name, ms] of timings) console.log(`  ${(ms / 1000).toFixed(1).padStart(7)} s  ${name}`);
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A self-signed certificate for localhost and 127.0.0.1 in a new 0700 `dir`; returns the certificate. */
export function makeCertificate(dir: string): Buffer {
  fs.mkdirSync(dir, { mode: 0o700 });
  execFileSync(
    "openssl",
    [
      ...["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=localhost"],
      ...["-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1"],
      ...["-keyout", path.join(dir, "site.key"), "-out", path.join(dir, "site.crt")],
    ],
    { stdio: "ignore" },
  );
  // nginx's master reads the key as root, as it would from the operator's certs/ folder.
  return fs.readFileSync(path.join(dir, "site.crt"));
}
