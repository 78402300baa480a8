/** Solving the server's proof-of-work challenge as the site's script does, for tests and the spam benchmark. */
import { solveChallenge, type Challenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/sha";

/** The base64 payload the forms send in their `altcha` field. */
export async function solve(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey, timeout: 60_000 });
  if (!solution) throw new Error("the challenge was not solved within 60 s");
  return Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
}
