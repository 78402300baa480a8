/**
 * The proof of work a form's script computes before sending (the ALTCHA protocol, v2): where the
 * browser asks for a challenge and the field the answer travels in. No zod and nothing else here,
 * so the page's first script stays as small as it was. See docs/decisions/018-spam-defence.md.
 */

/** GET on the form's API host: a signed challenge, fresh every time, never cached. */
export const spamChallengePath = "/api/spam-proof/challenge";

/** The body field (JSON or multipart) carrying the base64 JSON of { challenge, solution }. */
export const spamProofField = "altcha";
