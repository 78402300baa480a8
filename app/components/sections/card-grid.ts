/**
 * Class names of a balanced card grid (styled in app/styles/_layouts.scss): how many columns a
 * list of cards gets on wide screens, chosen from the number of cards so that no row at the
 * bottom holds a single card beside blank cells (seven services in three columns would leave one
 * alone). The count comes from the data, so a card added later keeps the grid balanced.
 *
 * - As many columns as cards when they fit in one row (one card spans the grid).
 * - Else the preferred count when the last row gets two or more cards, else one column more
 *   (7 in 3 columns becomes 4 + 3).
 * - Else (rare: 4 + 1 would follow) the preferred count, with the last card spanning its row.
 * Between md and lg the grid has two columns (the spec's count); an odd last card keeps one
 * column's width, centred on its row, and a grid of one card spans both (_layouts.scss).
 */
export function cardGrid(count: number, preferred: 2 | 3 = 3): string {
  const lg = largeColumns(count, preferred);
  const classes = ["card-grid", `card-grid--lg-${lg.columns}`];
  if (lg.spanLast) classes.push("card-grid--lg-span-last");
  if (count === 1) classes.push("card-grid--single");
  return classes.join(" ");
}

export function largeColumns(count: number, preferred: 2 | 3): { columns: number; spanLast: boolean } {
  if (count <= preferred) return { columns: Math.max(count, 1), spanLast: false };
  if (count % preferred !== 1) return { columns: preferred, spanLast: false };
  if (count % (preferred + 1) !== 1) return { columns: preferred + 1, spanLast: false };
  return { columns: preferred, spanLast: true };
}
