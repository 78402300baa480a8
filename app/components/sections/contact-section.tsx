import { Island } from "~/islands/island";

/** The contact section's id on /contact, where the server also returns a browser's own post. */
export const contactPageSectionId = "contact-page-contact";

/** The contact form with its heading, as it appears on home, service, technology and contact pages. */
export function ContactSection({ id, heading, text }: { id: string; heading: string; text: string }) {
  return (
    <section id={id} className="section section--tinted" aria-labelledby={`${id}-heading`}>
      <div className="container narrow">
        <h2 id={`${id}-heading`} className="section-title text-center">
          {heading}
        </h2>
        <p className="section-lead text-center">{text}</p>
        <Island name="contact-form" props={{ idPrefix: id }} />
      </div>
    </section>
  );
}
