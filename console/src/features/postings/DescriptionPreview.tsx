import { useEffect, useState } from "react";

type Render = (markdown: string) => string;

/**
 * The description as the role's page shows it, rendered by the same function (roleDescriptionHtml:
 * raw HTML shown as text, only http(s) and mailto links, no images). The module, and marked with
 * it, is loaded when this preview first appears, so the rest of the console never downloads it.
 */
export function DescriptionPreview(props: { markdown: string; id: string }) {
  const [render, setRender] = useState<Render | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    import("@contracts/careers/role-markdown").then(
      (m) => live && setRender(() => m.roleDescriptionHtml),
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
    // Sanitised by roleDescriptionHtml, the function the public page uses.
    <div className="role-description" dangerouslySetInnerHTML={{ __html: render(props.markdown) }} />
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
