/**
 * The spam verdict: every signal that speaks against a submission becomes a reason a person can
 * read, stored with it. The honeypot, a script's missing proof of work and the time trap decide
 * alone; the content rules (contracts/spam-rules.ts) add their weights up to the threshold. A
 * browser's own form post (no JavaScript) cannot carry a proof: when nothing else speaks against
 * it, it is held for review instead of being called spam (docs/decisions/018-spam-defence.md).
 * The fifth signal, the per-address budget, refuses before anything is read (plugins/rate-limit.ts).
 */
import { honeypotField } from "../../contracts/constants";
import { markupTags, spamRules, type SpamRules } from "../../contracts/spam-rules";
import type { ProofCheck } from "./proof";

export type SpamSignal = "honeypot" | "proof" | "time" | "links" | "markup" | "phrases" | "noscript";

export interface SpamReason {
  signal: SpamSignal;
  text: string;
}

export interface Verdict {
  /** null: an ordinary submission; "spam": quarantined; "review": held until a person looks. */
  verdict: "spam" | "review" | null;
  reasons: SpamReason[];
}

export interface VerdictInput {
  /** Every text field as sent (the honeypot included). */
  fields: Record<string, unknown>;
  /** The proof's check; refused proofs never get here. */
  proof: Exclude<ProofCheck, { status: "refused" }>;
  /** A browser's own form post (JavaScript off): it could not carry a proof. */
  browserPost: boolean;
  proofRequired: boolean;
  minSeconds: number;
  now: Date;
}

/**
 * One URL, from its scheme or its `www.` to the next space or bracket: `https://www.…` is one
 * match, not one for the scheme and one for the `www.` (a cover letter with a GitHub and a
 * LinkedIn link was once counted as 3).
 */
const linkPattern = /\bhttps?:\/\/[^\s<>"'()[\]{}]+|\bwww\.[a-z0-9-]+\.[^\s<>"'()[\]{}]*/gi;
/**
 * HTML elements (by name: a developer's `Result<T, E>` or `Vec<String>` in a cover letter is not
 * markup) and BBCode links.
 */
const markupPattern = new RegExp(
  `<\\s*\\/?\\s*(${markupTags.join("|")})(\\s[^<>]*)?\\/?\\s*>|\\[\\s*\\/?\\s*(url|link|img)\\b[^\\]]*\\]`,
  "i",
);

/**
 * The distinct URLs in a text: each counted once however it is written (with or without its
 * scheme or `www.`, a trailing slash or a sentence's full stop), so a person who gives their
 * portfolio twice is not counted twice. Written without scheme and `www.`, lower-case.
 */
export function distinctLinks(text: string): string[] {
  const found = new Set<string>();
  for (const match of text.match(linkPattern) ?? []) {
    found.add(
      match
        .toLowerCase()
        .replace(/[.,;:!?]+$/, "")
        .replace(/^https?:\/\//, "")
        .replace(/^www\./, "")
        .replace(/\/+$/, ""),
    );
  }
  return [...found];
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

function onProfileHost(link: string, hosts: readonly string[]): boolean {
  const host = link.split(/[/?#:]/, 1)[0] ?? "";
  return hosts.some((h) => host === h || host.endsWith(`.${h}`));
}

/** Content rules only: links, markup, phrases, with their weights. */
export function contentReasons(
  fields: Record<string, unknown>,
  rules: SpamRules = spamRules,
): { weight: number; reasons: SpamReason[] } {
  const texts = Object.entries(fields)
    .filter(([name, value]) => name !== honeypotField && typeof value === "string")
    .map(([, value]) => value as string);
  const all = texts.join("\n");
  const reasons: SpamReason[] = [];
  let weight = 0;
  const links = distinctLinks(all).filter((link) => !onProfileHost(link, rules.links.profileHosts)).length;
  if (links > rules.links.allowed) {
    weight += rules.links.weight;
    reasons.push({ signal: "links", text: `${links} links (more than ${rules.links.allowed})` });
  }
  if (markupPattern.test(all)) {
    weight += rules.markup.weight;
    reasons.push({ signal: "markup", text: "HTML or BBCode markup in the text" });
  }
  const found = rules.phrases.list.filter((phrase) =>
    new RegExp(`(^|[^\\p{L}\\p{N}])${escapeRegExp(phrase)}($|[^\\p{L}\\p{N}])`, "iu").test(all),
  );
  if (found.length > 0) {
    weight += found.length * rules.phrases.weightEach;
    reasons.push({ signal: "phrases", text: `spam phrases: ${found.map((p) => `"${p}"`).join(", ")}` });
  }
  return { weight, reasons };
}

/**
 * Whether an answer by e-mail scores as spam by the forms' content rules and threshold (decision
 * 073); given to the conversation's attachInbound by its two readers.
 */
export function scoresAsSpam(fields: { subject: string; text: string }, rules: SpamRules = spamRules): boolean {
  return contentReasons(fields, rules).weight >= rules.threshold;
}

export function judge(input: VerdictInput, rules: SpamRules = spamRules): Verdict {
  const reasons: SpamReason[] = [];
  let decisive = false;
  const honeypot = input.fields[honeypotField];
  if (typeof honeypot === "string" && honeypot.trim() !== "") {
    decisive = true;
    reasons.push({ signal: "honeypot", text: "the hidden field people never see was filled in" });
  }
  if (input.proof.status === "valid") {
    const seconds = (input.now.getTime() - input.proof.issuedAt) / 1000;
    if (seconds < input.minSeconds) {
      decisive = true;
      reasons.push({
        signal: "time",
        text: `sent ${Math.max(0, seconds).toFixed(1)} s after the form was first touched (a person needs at least ${input.minSeconds} s)`,
      });
    }
  } else if (!input.browserPost && input.proofRequired) {
    decisive = true;
    reasons.push({ signal: "proof", text: "sent by a script without the proof of work the site's forms compute" });
  }
  const content = contentReasons(input.fields, rules);
  reasons.push(...content.reasons);
  if (decisive || content.weight >= rules.threshold) return { verdict: "spam", reasons };
  if (input.proof.status === "missing" && input.browserPost && input.proofRequired) {
    reasons.push({
      signal: "noscript",
      text: "sent without JavaScript, so without a proof of work or a time check: held for review",
    });
    return { verdict: "review", reasons };
  }
  return { verdict: null, reasons };
}
