/**
 * Takes a page's closed popover lists (the header's Services and Technology dropdowns) out of the
 * markup Beasties reads to choose the inline critical CSS, and puts them back afterwards.
 *
 * The browser's own stylesheet hides a popover until it is opened, so the first paint needs none
 * of its rules (about 0.4 KB of brotli per page). They arrive with the full stylesheet, which the
 * page fetches right after its first paint (boot-after-paint.ts), or at once, blocking, without
 * JavaScript (the <noscript> link). The mobile menu's dialog is a popover too, but stays: on a
 * phone it is the navigation, and a tap on it may come before the full stylesheet; opened
 * unstyled it had no visible close button.
 */

const OPENING = /<(ul|div)\b[^>]*\spopover="auto"[^>]*>/;

export interface Holes {
  /** The page with each closed popover replaced by a marker. */
  html: string;
  /** Puts the popovers back in place of their markers. */
  restore: (html: string) => string;
}

function closingIndex(html: string, tag: string, from: number): number {
  const tags = new RegExp(`<(/?)${tag}\\b[^>]*>`, "g");
  tags.lastIndex = from;
  let depth = 1;
  for (let m = tags.exec(html); m; m = tags.exec(html)) {
    depth += m[1] ? -1 : 1;
    if (depth === 0) return m.index + m[0].length;
  }
  throw new Error(`closedPopovers: a <${tag} popover> is never closed`);
}

export function withoutClosedPopovers(page: string): Holes {
  const popovers: string[] = [];
  let html = "";
  let at = 0;
  const opening = new RegExp(OPENING.source, "g");
  for (let m = opening.exec(page); m; m = opening.exec(page)) {
    const end = closingIndex(page, m[1] as string, m.index + m[0].length);
    html += `${page.slice(at, m.index)}<template data-popover-hole="${popovers.length}"></template>`;
    popovers.push(page.slice(m.index, end));
    // A popover inside this one goes with it.
    at = opening.lastIndex = end;
  }
  html += page.slice(at);
  return {
    html,
    restore: (out) => {
      let restored = 0;
      const result = out.replace(/<template data-popover-hole="(\d+)"><\/template>/g, (_m, i: string) => {
        restored++;
        return popovers[Number(i)] as string;
      });
      if (restored !== popovers.length)
        throw new Error(`closedPopovers: ${popovers.length} popovers taken out, ${restored} put back`);
      return result;
    },
  };
}
