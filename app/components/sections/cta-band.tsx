import { useId } from "react";
import { Link, useMatches } from "react-router";
import { mainAction } from "~/components/layout/header-cta";
import { closingCtas, type ClosingCtaKind } from "~/content/closing-cta";

/** A call to action on a coloured band: the first action is the primary button, the rest secondary. */
export function CtaBand({
  heading,
  subheading,
  text,
  actions,
  children,
}: {
  heading: string;
  subheading?: string;
  text: string;
  actions: readonly { label: string; to: string }[];
  children?: React.ReactNode;
}) {
  const headingId = useId();
  return (
    <section className="cta-band" aria-labelledby={headingId}>
      <div className="container">
        <div className="row align-items-center g-4">
          <div className={children ? "col-lg-6" : "col-12 text-center"}>
            <h2 id={headingId} className="cta-band__heading">
              {heading}
            </h2>
            {subheading ? <p className="cta-band__subheading">{subheading}</p> : null}
            <p className="cta-band__text">{text}</p>
            <div className={`d-flex flex-wrap gap-2${children ? "" : " justify-content-center"}`}>
              {actions.map((a, i) => (
                <Link key={a.to} to={a.to} className={`btn ${i === 0 ? "btn-primary" : "btn-outline-primary"}`}>
                  {a.label}
                </Link>
              ))}
            </div>
          </div>
          {children ? <div className="col-lg-6">{children}</div> : null}
        </div>
      </div>
    </section>
  );
}

/**
 * What a route module's `handle` may say about the closing call to action: which words it
 * shows, or `false` where the page already ends in its own (a contact or application form, a
 * call-to-action band), so that no page shows two in a row.
 */
export interface ClosingCtaHandle {
  closingCta?: ClosingCtaKind | false;
}

/**
 * The band before the footer: placed once, by the layout, at the end of every page's main
 * content, so no page ends straight in the footer. The deepest matched route decides.
 */
export function ClosingCta() {
  const handle = useMatches().at(-1)?.handle as ClosingCtaHandle | undefined;
  const kind = handle?.closingCta ?? "default";
  if (kind === false) return null;
  const words = closingCtas[kind];
  return <CtaBand heading={words.heading} text={words.text} actions={[mainAction, words.secondary]} />;
}
