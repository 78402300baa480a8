/**
 * A role's description, written by HR in Markdown, as HTML for the role's page, the console's
 * preview and the JobPosting's description. Raw HTML in the Markdown is shown as text, never
 * rendered; links keep only http(s) and mailto addresses; images become their alt text; headings
 * start at level 2 (the page's h1 is the role's title).
 */
import { Marked, type Token, type Tokens } from "marked";

const escapeHtml = (text: string) =>
  text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");

const safeHref = (href: string) => /^(https?:|mailto:)/i.test(href.trim());

const roleMarked = new Marked({
  gfm: true,
  breaks: false,
  renderer: {
    html(token: Tokens.HTML | Tokens.Tag) {
      return escapeHtml(token.text);
    },
    link(token: Tokens.Link) {
      const text = this.parser.parseInline(token.tokens);
      if (!safeHref(token.href)) return text;
      return `<a href="${escapeHtml(token.href.trim())}" rel="nofollow noopener">${text}</a>`;
    },
    image(token: Tokens.Image) {
      return escapeHtml(token.text);
    },
    heading(token: Tokens.Heading) {
      const level = Math.min(6, Math.max(2, token.depth));
      return `<h${level}>${this.parser.parseInline(token.tokens)}</h${level}>\n`;
    },
  },
});

export function roleDescriptionHtml(markdown: string): string {
  return roleMarked.parse(markdown, { async: false });
}

/**
 * Lists and quotes nested deeper than this are refused when a role is saved. Real descriptions
 * nest two or three levels; marked renders by recursion, and runs out of stack at about 1,250
 * nested lists or 2,500 quotes (less on a deeper stack), so a limit far below that keeps every
 * saved description renderable wherever it is rendered: the page, its JobPosting, the preview.
 */
export const deepestNesting = 20;

export const tooDeepMessage = `Lists or quotes are nested too deeply for the page to show (more than ${deepestNesting} levels). Keep them to a few levels.`;

/** How deep lists and quotes nest in the tokens, walked without recursion (the tree may be deep). */
function nesting(tokens: Token[]): number {
  let deepest = 0;
  const todo: [Token, number][] = tokens.map((t) => [t, 0]);
  for (let next = todo.pop(); next; next = todo.pop()) {
    const [token, above] = next;
    const depth = token.type === "list" || token.type === "blockquote" ? above + 1 : above;
    deepest = Math.max(deepest, depth);
    const { tokens: inner = [], items = [] } = token as { tokens?: Token[]; items?: Token[] };
    for (const child of [...inner, ...items]) todo.push([child, depth]);
  }
  return deepest;
}

/** The description as HTML, or why it cannot be shown (for the save's field error and the preview). */
export function renderedDescription(markdown: string): { ok: true; html: string } | { ok: false; problem: string } {
  try {
    const tokens = roleMarked.lexer(markdown);
    if (nesting(tokens) > deepestNesting) return { ok: false, problem: tooDeepMessage };
    return { ok: true, html: roleMarked.parser(tokens) };
  } catch {
    // The renderer's stack ran out on nesting of another kind: the same answer to HR.
    return { ok: false, problem: tooDeepMessage };
  }
}
