/**
 * How the campaigns panel names a row. The server's key is "source / medium / campaign" with an
 * empty part for a link that left it out (the daily totals' "" for none), which read "/ / spring".
 * UTM labels cannot hold "/" (contracts/analytics.ts, `utmLabel`), so the key splits into its
 * three parts without doubt; an empty part reads "(none)", so every part keeps its place.
 */
export const noPart = "(none)";

export function campaignLabel(key: string): string {
  const parts = key.split(" / ");
  if (parts.length !== 3) return key;
  return parts.map((part) => (part.trim() === "" ? noPart : part)).join(" / ");
}
