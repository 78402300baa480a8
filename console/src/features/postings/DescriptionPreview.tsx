import { useEffect, useState } from "react";

type Render = (markdown: string) => { ok: true; html: string } | { ok: false; problem: string };

/**
 * The description as the role's page shows it, rendered by the same function (roleDescriptionHtml:
 * raw HTML shown as text, only http(s) and mailto links, no images). The module, and marked with
 * it, is loaded when this preview first appears, so the rest of the console never downloads it.
 * A description nested too deeply to render shows why in place of the preview, not a blank page.
 */
export function DescriptionPreview(props: { markdown: string; id: string }) {
  const [render, setRender] = useState<Render | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    import("@contracts/careers/role-markdown").then(
      (m) => live && setRender(() => m.renderedDescription),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, []);

  const body = !props.markdown.trim() ? (
    <p className="hint">The description appears here as the role&apos;s page will show it.</p>
  ) : failed ? (
    <p className="error">The preview could not be loaded. Reload the page to try again.</p>
  ) : render ? (
    <Rendered result={render(props.markdown)} />
  ) : (
    <p className="hint">Loading the preview…</p>
  );
  return (
    <section className="role-preview" aria-labelledby={props.id}>
      <h2 id={props.id}>Preview</h2>
      {body}
    </section>
  );
}

function Rendered({ result }: { result: ReturnType<Render> }) {
  if (!result.ok) return <p className="error">{result.problem}</p>;
  // Sanitised by roleDescriptionHtml's renderer, the one the public page uses.
  return <div className="role-description" dangerouslySetInnerHTML={{ __html: result.html }} />;
}
