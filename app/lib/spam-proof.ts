/**
 * Solving the server's proof-of-work challenge in the page (the ALTCHA protocol, v2), loaded on a
 * form's first touch (spam-proof-hook.ts). altcha-lib's solver hashes with Web Crypto on the main
 * thread and yields to the page every 200 ms, so typing never stutters; no worker is needed (the
 * site's Content-Security-Policy allows none) and no other host is asked: the challenge comes from
 * the host the form posts to.
 */
import { solveChallenge, type Challenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/web/sha";
import { spamChallengePath } from "@contracts/spam-proof";

interface Solved {
  payload: string;
  /** This page's clock when the challenge arrived: waits are measured from it, never across clocks. */
  receivedAt: number;
  /** How long the challenge stays valid, and the time trap's least time from its issue to sending. */
  validMs: number;
  notBeforeMs: number;
}

const pending = new WeakMap<HTMLFormElement, Promise<Solved | undefined>>();
/** A proof is replaced this long before the server would call it expired. */
const expiryMarginMs = 60_000;

/** The challenge lives on the host the form posts to (its action), like the form's API. */
function challengeUrl(form: HTMLFormElement): string {
  return new URL(spamChallengePath, form.action || window.location.href).href;
}

async function solve(form: HTMLFormElement): Promise<Solved | undefined> {
  const res = await fetch(challengeUrl(form), { cache: "no-store", credentials: "omit" });
  if (!res.ok) return undefined;
  const challenge = (await res.json()) as Challenge;
  const receivedAt = Date.now();
  const { expiresAt, data } = challenge.parameters;
  const issuedAt = Number(data?.issuedAt);
  const notBefore = Number(data?.notBefore);
  const solution = await solveChallenge({ challenge, deriveKey, timeout: 60_000 });
  if (!solution || !expiresAt || !issuedAt) return undefined;
  return {
    payload: btoa(JSON.stringify({ challenge, solution })),
    receivedAt,
    validMs: expiresAt * 1000 - issuedAt,
    notBeforeMs: Number.isFinite(notBefore) ? Math.max(0, notBefore - issuedAt) : 0,
  };
}

function usable(solved: Solved | undefined): boolean {
  return !!solved && Date.now() < solved.receivedAt + solved.validMs - expiryMarginMs;
}

/** Begins solving for this form unless a proof is already on its way or still valid. */
export function startProof(form: HTMLFormElement): Promise<Solved | undefined> {
  const current = pending.get(form);
  if (current) {
    // A proof still being solved, or solved and valid, is kept; a failed or old one is replaced.
    const checked = current.then((s) => (usable(s) ? s : undefined));
    return checked.then((s) => s ?? restart(form));
  }
  return restart(form);
}

function restart(form: HTMLFormElement): Promise<Solved | undefined> {
  const proof = solve(form).catch(() => undefined);
  pending.set(form, proof);
  return proof;
}

/**
 * The form's proof, spent once taken. The server's time trap counts from the challenge's issue
 * (the form's first touch): a person typing has always spent longer. When sending comes sooner
 * (a challenge fetched anew because the first ran out, a pasted message, a browser driven by a
 * program), the page waits out the rest first, so the time trap never quarantines a submission
 * the site's own script sent; a script that skips the page cannot skip the wait.
 */
export async function takeProof(form: HTMLFormElement): Promise<string | undefined> {
  const solved = await startProof(form);
  pending.delete(form);
  if (!solved) return undefined;
  const wait = solved.receivedAt + solved.notBeforeMs + 100 - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  return solved.payload;
}
