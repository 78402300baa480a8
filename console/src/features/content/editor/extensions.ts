/**
 * Tiptap configured to exactly the stored format (contracts/content/rich-text.ts, decision 064):
 * the nodes, marks and attributes it has and no others, so a paste is stripped to the format by
 * ProseMirror's own schema (an unknown element becomes its text, an unknown attribute is dropped,
 * a link the format refuses is not made), and what the editor holds always validates.
 */
import { isSafeHref, type RichTextImage } from "@contracts/content/rich-text";
import { type AnyExtension, Extension, mergeAttributes, Node } from "@tiptap/core";
import { Blockquote } from "@tiptap/extension-blockquote";
import { CodeBlock } from "@tiptap/extension-code-block";
import { Heading } from "@tiptap/extension-heading";
import { Link } from "@tiptap/extension-link";
import { ListItem, OrderedList } from "@tiptap/extension-list";
import { StarterKit } from "@tiptap/starter-kit";

type ImageAttrs = RichTextImage["attrs"];

declare module "@tiptap/core" {
  interface Commands<ReturnType> {
    imageFigure: {
      /** Inserts an image by reference (its id from the images part, its alt text required). */
      insertImage: (attrs: ImageAttrs) => ReturnType;
    };
  }
}

/**
 * An image by reference, drawn as a figure. It has no parseHTML rule on purpose: an <img> pasted
 * from elsewhere has no image id and no checked alt text, so images come only through the picker.
 */
export const ImageFigure = Node.create<{ imageSrc: (imageId: string) => string | null }>({
  name: "image",
  group: "block",
  atom: true,
  draggable: true,
  addOptions: () => ({ imageSrc: () => null }),
  addAttributes: () => ({
    imageId: { default: null, rendered: false },
    alt: { default: null, rendered: false },
    caption: { default: null, rendered: false },
  }),
  renderHTML({ node, HTMLAttributes }) {
    const { imageId, alt, caption } = node.attrs as ImageAttrs;
    const src = this.options.imageSrc(imageId);
    const picture = src ? ["img", { src, alt }] : ["span", { class: "editor-figure__alt" }, `Image: ${alt}`];
    return [
      "figure",
      mergeAttributes(HTMLAttributes, { class: "editor-figure", "data-image-id": imageId }),
      picture,
      ...(caption ? [["figcaption", {}, caption]] : []),
    ];
  },
  addCommands() {
    return {
      insertImage:
        (attrs) =>
        ({ commands }) =>
          commands.insertContent({ type: this.name, attrs }),
    };
  },
});

/** The link mark with only its address: no target, rel or class is stored (the site decides those). */
const SchemeLimitedLink = Link.extend({
  addAttributes: () => ({ href: { default: null } }),
}).configure({
  openOnClick: false,
  autolink: true,
  defaultProtocol: "https",
  // The one check the store and the site use, for a pasted link, a typed one and an autolink alike.
  isAllowedUri: (url) => isSafeHref(url),
  shouldAutoLink: (url) => isSafeHref(url),
});

export function editorExtensions(
  imageSrc: (imageId: string) => string | null,
  /** Ctrl+K (Cmd+K): the editor asks for a link's address. */
  onLinkShortcut: () => void,
): AnyExtension[] {
  return [
    Extension.create({
      name: "linkShortcut",
      addKeyboardShortcuts: () => ({
        "Mod-k": () => {
          onLinkShortcut();
          return true;
        },
      }),
    }),
    StarterKit.configure({
      // Replaced below by versions narrowed to the format; strike and underline are not in it.
      blockquote: false,
      codeBlock: false,
      heading: false,
      link: false,
      listItem: false,
      orderedList: false,
      strike: false,
      underline: false,
    }),
    Heading.configure({ levels: [2, 3, 4] }),
    Blockquote.extend({ content: "(paragraph | heading | bulletList | orderedList | blockquote)+" }),
    ListItem.extend({ content: "paragraph (paragraph | bulletList | orderedList)*" }),
    OrderedList.extend({
      addAttributes: () => ({
        start: { default: 1, parseHTML: (el) => Number.parseInt(el.getAttribute("start") ?? "1", 10) || 1 },
      }),
    }),
    CodeBlock.configure({ defaultLanguage: null, languageClassPrefix: "language-" }),
    SchemeLimitedLink,
    ImageFigure.configure({ imageSrc }),
  ];
}
