/**
 * Words folded the way the inbox's word search reads them (docs/decisions/058): typographic
 * apostrophes and dashes as the plain ones, accents off, lower case. Routing rules compare a
 * rule's words with a submission's reason and message in this form, so "migration" routes
 * "MIGRATIONS" and "Migración", and "O’Brien" typed on a phone matches O'Brien.
 */

/** The text with its typographic apostrophes and dashes as the plain ones. */
export function plainPunctuation(text: string): string {
  return text.replace(/[\u2018\u2019\u201b\u02bc\u2032]/g, "'").replace(/[\u2010-\u2015\u2212]/g, "-");
}

/** Lower case, without accents (ß stays, ligatures open: "ﬁ" is "fi"), typographic punctuation plain. */
export function foldWords(text: string): string {
  return plainPunctuation(text).normalize("NFKD").replace(/\p{M}/gu, "").toLocaleLowerCase("en");
}

/** The words of a folded text: letters, digits and the apostrophes and dashes inside them. */
function wordsOf(folded: string): string[] {
  return folded
    .split(/[^\p{L}\p{N}'-]+/u)
    .map((w) => w.replace(/^['-]+|['-]+$/g, ""))
    .filter(Boolean);
}

/**
 * Whether every word of `wanted` starts a word of `text`, both folded: the search's rule (word
 * prefixes, all of them), so "migration" finds "migrations" but not "immigration".
 */
export function holdsEveryWord(text: string, wanted: string): boolean {
  const words = wordsOf(foldWords(text));
  return wordsOf(foldWords(wanted)).every((w) => words.some((t) => t.startsWith(w)));
}
