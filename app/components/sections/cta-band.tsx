import { Link } from "react-router";

/** A call to action on a coloured band. */
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
  return (
    <section className="cta-band">
      <div className="container">
        <div className="row align-items-center g-4">
          <div className={children ? "col-lg-6" : "col-12 text-center"}>
            <h2 className="cta-band__heading">{heading}</h2>
            {subheading ? <p className="cta-band__subheading">{subheading}</p> : null}
            <p className="cta-band__text">{text}</p>
            <div className={`d-flex flex-wrap gap-2${children ? "" : " justify-content-center"}`}>
              {actions.map((a, i) => (
                <Link key={a.to} to={a.to} className={`btn btn-lg ${i === 0 ? "btn-light" : "btn-outline-light"}`}>
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
