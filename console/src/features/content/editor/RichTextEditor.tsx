/**
 * The console's rich-text editor (decision 064): Tiptap held to the stored format, with a toolbar
 * whose buttons have names, shortcuts and pressed states, a link form that refuses other schemes,
 * images through the images part's picker, and autosave. Its value in and out is a RichTextDoc,
 * validated with the format's schema on every change. Loaded lazily (LazyRichTextEditor.tsx): the
 * editor's weight is paid only on a page that edits a body.
 */
import { codeLanguages, type RichTextDoc, type RichTextImage } from "@contracts/content/rich-text";
import { EditorContent, useEditor, useEditorState } from "@tiptap/react";
import { useMemo, useState } from "react";
import { editorExtensions } from "./extensions";
import { LinkForm } from "./LinkForm";
import { storedDoc } from "./stored-doc";
import { type AutosaveTimer, autosaveText, browserTimer, useAutosave } from "./use-autosave";
import "./editor.css";

export interface RichTextEditorProps {
  /** The body as loaded; read once when the editor opens (give the component a key per item). */
  value: RichTextDoc;
  /** The editing area's accessible name: "Body of the case study". */
  label: string;
  /** Every change that fits the format, at once. */
  onChange?: (doc: RichTextDoc) => void;
  /** Saves a draft; called `autosaveDelayMs` after the last change. Its error's message is shown as the reason. */
  onAutosave: (doc: RichTextDoc) => Promise<void>;
  autosaveDelayMs?: number;
  /** Times the autosave's pause; tests pass their own clock. */
  autosaveTimer?: AutosaveTimer;
  /** Opens the images part's picker; the answer is the image to insert, or null when the writer closed it. */
  onPickImage?: () => Promise<RichTextImage["attrs"] | null>;
  /** The address of an image's preview, from the images part. */
  imageSrc?: (imageId: string) => string | null;
}

interface ToolButton {
  name: string;
  shortcut?: string;
  pressed?: boolean;
  disabled?: boolean;
  run: () => void;
  text: string;
}

function Toolbar({ buttons, label }: { buttons: ToolButton[]; label: string }) {
  return (
    <div role="toolbar" aria-label={label} className="editor-toolbar">
      {buttons.map((b) => (
        <button
          key={b.name}
          type="button"
          aria-label={b.name}
          title={b.shortcut ? `${b.name} (${b.shortcut.replace("Control", "Ctrl")})` : b.name}
          aria-keyshortcuts={b.shortcut}
          aria-pressed={b.pressed}
          disabled={b.disabled}
          // The editor keeps its selection: a mouse press on a button does not take the focus from it.
          onMouseDown={(event) => event.preventDefault()}
          onClick={b.run}
        >
          {b.text}
        </button>
      ))}
    </div>
  );
}

export function RichTextEditor({
  value,
  label,
  onChange,
  onAutosave,
  autosaveDelayMs = 1500,
  autosaveTimer = browserTimer,
  onPickImage,
  imageSrc,
}: RichTextEditorProps) {
  const autosave = useAutosave(onAutosave, autosaveDelayMs, autosaveTimer);
  const [linkOpen, setLinkOpen] = useState(false);
  const [imageProblem, setImageProblem] = useState<string | null>(null);
  // The extensions are made once: Tiptap rebuilds its schema when they change.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const extensions = useMemo(() => editorExtensions(imageSrc ?? (() => null), () => setLinkOpen(true)), []);
  const editor = useEditor({
    extensions,
    content: value,
    editorProps: {
      attributes: { "aria-label": label, "aria-multiline": "true", role: "textbox", class: "editor-content" },
    },
    onUpdate: ({ editor: current }) => {
      const result = storedDoc(current.getJSON());
      if (!result.ok) return autosave.refused(result.reason);
      onChange?.(result.doc);
      autosave.changed(result.doc);
    },
  });
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e?.isActive("bold") ?? false,
      italic: e?.isActive("italic") ?? false,
      code: e?.isActive("code") ?? false,
      h2: e?.isActive("heading", { level: 2 }) ?? false,
      h3: e?.isActive("heading", { level: 3 }) ?? false,
      h4: e?.isActive("heading", { level: 4 }) ?? false,
      bulletList: e?.isActive("bulletList") ?? false,
      orderedList: e?.isActive("orderedList") ?? false,
      blockquote: e?.isActive("blockquote") ?? false,
      codeBlock: e?.isActive("codeBlock") ?? false,
      language: (e?.getAttributes("codeBlock").language as string | null) ?? "",
      link: e?.isActive("link") ?? false,
      href: (e?.getAttributes("link").href as string | undefined) ?? "",
      canUndo: e?.can().undo() ?? false,
      canRedo: e?.can().redo() ?? false,
    }),
  });
  if (!editor || !state) return null;
  const chain = () => editor.chain().focus();

  const pickImage = async () => {
    setImageProblem(null);
    const picked = await onPickImage?.();
    if (!picked) return;
    if (!picked.alt.trim()) return setImageProblem("This image has no alt text: describe it in the picker first.");
    chain().insertImage(picked).run();
  };

  const buttons: ToolButton[] = [
    { name: "Bold", text: "B", shortcut: "Control+B", pressed: state.bold, run: () => chain().toggleBold().run() },
    {
      name: "Italic",
      text: "I",
      shortcut: "Control+I",
      pressed: state.italic,
      run: () => chain().toggleItalic().run(),
    },
    {
      name: "Inline code",
      text: "</>",
      shortcut: "Control+E",
      pressed: state.code,
      run: () => chain().toggleCode().run(),
    },
    ...([2, 3, 4] as const).map((level) => ({
      name: `Heading ${level}`,
      text: `H${level}`,
      shortcut: `Control+Alt+${level}`,
      pressed: state[`h${level}`],
      run: () => chain().toggleHeading({ level }).run(),
    })),
    {
      name: "Bulleted list",
      text: "• List",
      shortcut: "Control+Shift+8",
      pressed: state.bulletList,
      run: () => chain().toggleBulletList().run(),
    },
    {
      name: "Numbered list",
      text: "1. List",
      shortcut: "Control+Shift+7",
      pressed: state.orderedList,
      run: () => chain().toggleOrderedList().run(),
    },
    {
      name: "Quote",
      text: "“ ”",
      shortcut: "Control+Shift+B",
      pressed: state.blockquote,
      run: () => chain().toggleBlockquote().run(),
    },
    {
      name: "Code block",
      text: "{ }",
      shortcut: "Control+Alt+C",
      pressed: state.codeBlock,
      run: () => chain().toggleCodeBlock().run(),
    },
    { name: "Link", text: "Link", shortcut: "Control+K", pressed: state.link, run: () => setLinkOpen(true) },
    ...(onPickImage ? [{ name: "Image", text: "Image", run: () => void pickImage() }] : []),
    { name: "Divider", text: "—", run: () => chain().setHorizontalRule().run() },
    { name: "Undo", text: "↶", shortcut: "Control+Z", disabled: !state.canUndo, run: () => chain().undo().run() },
    { name: "Redo", text: "↷", shortcut: "Control+Shift+Z", disabled: !state.canRedo, run: () => chain().redo().run() },
  ];

  return (
    <div className="rich-text-editor">
      <Toolbar buttons={buttons} label={`Formatting of ${label.toLowerCase()}`} />
      {state.codeBlock && (
        <label className="editor-language">
          Code language{" "}
          <select
            value={state.language}
            onChange={(event) =>
              chain()
                .updateAttributes("codeBlock", { language: event.target.value || null })
                .run()
            }
          >
            <option value="">None</option>
            {codeLanguages.map((language) => (
              <option key={language} value={language}>
                {language}
              </option>
            ))}
          </select>
        </label>
      )}
      {linkOpen && (
        <LinkForm
          initial={state.href}
          onApply={(href) => {
            setLinkOpen(false);
            chain().extendMarkRange("link").setLink({ href }).run();
          }}
          onRemove={() => {
            setLinkOpen(false);
            chain().extendMarkRange("link").unsetLink().run();
          }}
          onCancel={() => {
            setLinkOpen(false);
            editor.commands.focus();
          }}
        />
      )}
      {imageProblem && (
        <p className="error" role="alert">
          {imageProblem}
        </p>
      )}
      <EditorContent editor={editor} />
      <p className="editor-status" role="status" aria-live="polite">
        {autosaveText(autosave.status)}
      </p>
    </div>
  );
}

export default RichTextEditor;
