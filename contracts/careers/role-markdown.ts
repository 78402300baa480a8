/**
 * A role's description, written by HR in Markdown, as HTML for the role's page, the console's
 * preview and the JobPosting's description. Raw HTML in the Markdown is shown as text, never
 * rendered; links keep only http(s) and mailto addresses; images become their alt text; headings
 * start at level 2 (the page's h1 is the role's title).
 */
import { Marked, type Tokens } from "marked";

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
