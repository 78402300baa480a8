/**
 * A rich-text body (contracts/content/rich-text.ts) as semantic HTML: h2-h4, lists, quotes,
 * pre>code, figures. Every word reaches the page as React text, never as markup, and the
 * renderer checks a link's address and a code block's language again, so a body that skipped
 * the store's validation still renders inert (decision 064).
 */
import {
  codeLanguages,
  isSafeHref,
  type RichTextBlock,
  type RichTextDoc,
  type RichTextInline,
  type RichTextListItem,
  type RichTextMark,
} from "@contracts/content/rich-text";
import { Fragment, type ReactNode } from "react";
import { siteUrl } from "~/site/company";

export interface RichTextProps {
  doc: RichTextDoc;
  /** Draws one image by its id (the images part's ResponsiveImage); the figure and caption are drawn here. */
  renderImage: (imageId: string, alt: string) => ReactNode;
  /** Links to another origin than this are marked as leading to another site. */
  siteOrigin?: string;
  className?: string;
}

function originOf(href: string): string | null {
  try {
    return new URL(href).origin;
  } catch {
    return null;
  }
}

function Link({ href, siteOrigin, children }: { href: string; siteOrigin: string; children: ReactNode }) {
  // An address that fails the check is shown as its words alone: the reader keeps the text, not the link.
  if (!isSafeHref(href)) return <>{children}</>;
  const external = href.startsWith("http") && originOf(href) !== originOf(siteOrigin);
  return (
    <a
      href={href}
      rel={external ? "external noopener" : "noopener"}
      className={external ? "rich-text__external" : undefined}
    >
      {children}
      {external && <span className="visually-hidden"> (another site)</span>}
    </a>
  );
}

function marked(text: string, marks: RichTextMark[] | undefined, siteOrigin: string): ReactNode {
  let node: ReactNode = text;
  const has = (type: RichTextMark["type"]) => marks?.some((m) => m.type === type);
  if (has("code")) node = <code>{node}</code>;
  if (has("italic")) node = <em>{node}</em>;
  if (has("bold")) node = <strong>{node}</strong>;
  const link = marks?.find((m) => m.type === "link");
  if (link)
    node = (
      <Link href={link.attrs.href} siteOrigin={siteOrigin}>
        {node}
      </Link>
    );
  return node;
}

function Inline({ content, siteOrigin }: { content: RichTextInline[] | undefined; siteOrigin: string }) {
  return (
    <>
      {(content ?? []).map((node, i) =>
        node.type === "hardBreak" ? (
          <br key={i} />
        ) : (
          <Fragment key={i}>{marked(node.text, node.marks, siteOrigin)}</Fragment>
        ),
      )}
    </>
  );
}

interface BlockProps {
  block: RichTextBlock | RichTextListItem["content"][number];
  renderImage: RichTextProps["renderImage"];
  siteOrigin: string;
}

function Block({ block, renderImage, siteOrigin }: BlockProps): ReactNode {
  const children = (blocks: BlockProps["block"][]) =>
    blocks.map((child, i) => <Block key={i} block={child} renderImage={renderImage} siteOrigin={siteOrigin} />);
  switch (block.type) {
    case "paragraph":
      // An empty paragraph is the editor's blank line: the page's rhythm comes from its CSS instead.
      return block.content?.length ? (
        <p>
          <Inline content={block.content} siteOrigin={siteOrigin} />
        </p>
      ) : null;
    case "heading": {
      const Tag = (["h2", "h3", "h4"] as const)[block.attrs.level - 2] ?? "h4";
      return (
        <Tag>
          <Inline content={block.content} siteOrigin={siteOrigin} />
        </Tag>
      );
    }
    case "bulletList":
      return (
        <ul>
          {block.content.map((item, i) => (
            <li key={i}>{children(item.content)}</li>
          ))}
        </ul>
      );
    case "orderedList": {
      const start = block.attrs?.start;
      return (
        <ol start={start !== undefined && start !== 1 ? start : undefined}>
          {block.content.map((item, i) => (
            <li key={i}>{children(item.content)}</li>
          ))}
        </ol>
      );
    }
    case "blockquote":
      return <blockquote>{children(block.content)}</blockquote>;
    case "codeBlock": {
      const language = block.attrs?.language;
      const known = language && (codeLanguages as readonly string[]).includes(language);
      return (
        <pre>
          <code className={known ? `language-${language}` : undefined}>
            {(block.content ?? []).map((t) => t.text).join("")}
          </code>
        </pre>
      );
    }
    case "image":
      return (
        <figure className="rich-text__figure">
          {renderImage(block.attrs.imageId, block.attrs.alt)}
          {block.attrs.caption && <figcaption>{block.attrs.caption}</figcaption>}
        </figure>
      );
    case "horizontalRule":
      return <hr />;
    default:
      // A node type the format does not have draws nothing.
      return null;
  }
}

/** The body of a case study, an insight or a team member's bio. */
export function RichText({ doc, renderImage, siteOrigin = siteUrl, className = "rich-text" }: RichTextProps) {
  return (
    <div className={className}>
      {doc.content.map((block, i) => (
        <Block key={i} block={block} renderImage={renderImage} siteOrigin={siteOrigin} />
      ))}
    </div>
  );
}
