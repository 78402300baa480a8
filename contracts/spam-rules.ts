/**
 * The content rules of the spam verdict, as data: what they look for and how much each weighs.
 * server/spam/verdict.ts applies them; every rule that matches is stored with the submission as
 * a reason a person can read. A submission is quarantined when its weights add up to
 * `threshold` or more. Change the words here, not the code.
 */
export interface SpamRules {
  threshold: number;
  /**
   * Distinct links (http://, https://, www.) across every text field: each URL counts once,
   * however it is written and however often. Links to `profileHosts` (and their subdomains)
   * are not counted: they are what a candidate is asked for.
   */
  links: { allowed: number; weight: number; profileHosts: readonly string[] };
  /**
   * HTML elements named in `markupTags`, or BBCode links ([url=…]), in any field: people write
   * plain text into these forms.
   */
  markup: { weight: number };
  /** Phrases seen in form spam, matched case-insensitively as whole words. */
  phrases: { weightEach: number; list: readonly string[] };
}

/**
 * The HTML elements form spam writes. Only these count as markup, so a developer's cover letter
 * that mentions `Vec<String>`, `Result<T, E>` or React's `<Suspense>` and `<Link>` is plain text.
 * Names that double as common component names (link, button, form, input, table, label) are left
 * out on purpose.
 */
export const markupTags = [
  "a",
  "b",
  "big",
  "blink",
  "body",
  "br",
  "center",
  "div",
  "em",
  "embed",
  "font",
  "frame",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "head",
  "hr",
  "html",
  "i",
  "iframe",
  "img",
  "marquee",
  "meta",
  "object",
  "p",
  "s",
  "script",
  "small",
  "span",
  "strike",
  "strong",
  "style",
  "svg",
  "u",
] as const;

export const spamRules: SpamRules = {
  threshold: 1,
  links: {
    allowed: 2,
    weight: 1,
    // A cover letter with GitHub, LinkedIn and a portfolio is three links; spam links elsewhere.
    profileHosts: [
      "github.com",
      "gitlab.com",
      "bitbucket.org",
      "codeberg.org",
      "linkedin.com",
      "stackoverflow.com",
      "behance.net",
      "dribbble.com",
      "kaggle.com",
    ],
  },
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
