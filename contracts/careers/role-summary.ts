/**
 * How a role page names and describes itself to search and sharing (issue 44): its title, and its
 * meta and og:description. One copy for the site's route (app/components/careers/role-meta.ts) and
 * the console's snippet preview (console/src/features/postings/RoleSnippet.tsx), so the preview
 * shows what the page will say. Plain string work, no Markdown parser: the console loads it at once.
 */
/** What the title and the fallback read of a role: the draft's strings or the saved role's offices. */
type Named = { title: string; offices: readonly string[] };

/** A role page's title, before the company's name: the role and its offices. */
export const roleTitle = (role: Named) => `${role.title}, ${role.offices.join(" / ")}`;

/** A Markdown link, an image, an autolink or a bare address: a sentence holding one is a pointer, not a summary. */
const linkInText = /!?\[[^\]]*\]\([^)]*\)|<(?:https?:|mailto:)[^>]*>|\bhttps?:\/\/|\bwww\./i;

/**
 * The sentences of the description's first paragraph that hold no link, as plain text, at most
 * 160 characters. A sentence such as "Read about our [engineering culture](/about)." says nothing
 * about the role once its link is gone, so it is left out, and a paragraph of such sentences only
 * gives way to the next paragraph.
 */
export function descriptionSummary(markdown: string): string {
  const paragraphs = markdown
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter((block) => block && !/^(#|[-*+] |\d+\. |>|```)/.test(block));
  for (const paragraph of paragraphs) {
    const sentences = paragraph
      .replace(/\s+/g, " ")
      .split(/(?<=[.!?])\s+(?=[^a-z])/)
      .filter((sentence) => !linkInText.test(sentence));
    const text = sentences
      .join(" ")
      .replace(/[*_`~]+/g, "")
      .trim();
    if (!text) continue;
    if (text.length <= 160) return text;
    return `${text.slice(0, 159).replace(/\s+\S*$/, "")}…`;
  }
  return "";
}

/**
 * The meta description the page carries: the summary, or for a description whose paragraphs are
 * all links, words of its own from the title, the company and the offices.
 */
export function roleMetaDescription(summary: string, role: Named, companyName: string): string {
  return summary || `${role.title} at ${companyName}, ${role.offices.join(" / ")}.`;
}
