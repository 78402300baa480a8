/**
 * The content rules of the spam verdict, as data: what they look for and how much each weighs.
 * server/spam/verdict.ts applies them; every rule that matches is stored with the submission as
 * a reason a person can read. A submission is quarantined when its weights add up to
 * `threshold` or more. Change the words here, not the code.
 */
export interface SpamRules {
  threshold: number;
  /** Links (http://, https://, www.) across every text field. */
  links: { allowed: number; weight: number };
  /** HTML tags or BBCode links ([url=…]) in any field: people write plain text into these forms. */
  markup: { weight: number };
  /** Phrases seen in form spam, matched case-insensitively as whole words. */
  phrases: { weightEach: number; list: readonly string[] };
}

export const spamRules: SpamRules = {
  threshold: 1,
  links: { allowed: 2, weight: 1 },
  markup: { weight: 1 },
  phrases: {
    weightEach: 0.5,
    list: [
      "backlinks",
      "guest post",
      "first page of google",
      "guaranteed ranking",
      "guaranteed rankings",
      "increase your traffic",
      "buy followers",
      "casino",
      "betting",
      "viagra",
      "cialis",
      "crypto investment",
      "bitcoin investment",
      "forex signals",
      "payday loan",
      "loan offer",
      "work from home",
      "earn money fast",
      "make money online",
      "click here",
      "limited time offer",
      "act now",
      "unsubscribe here",
      "dear sir/madam",
      "dear webmaster",
      "website owner",
      "seo services",
      "cheap web design",
      "lead generation list",
      "email list",
    ],
  },
};
