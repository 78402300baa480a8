import { SectionHead } from "~/components/sections/section-head";
import { Island } from "~/islands/island";

/** The contact section's id on /contact, where the server also returns a browser's own post. */
export const contactPageSectionId = "contact-page-contact";

/** The contact form with its heading, as it appears on home, service, technology and contact pages. */
export function ContactSection({ id, heading, text }: { id: string; heading: string; text: string }) {
  return (
    <section id={id} className="section section--tinted" aria-labelledby={`${id}-heading`}>
      <div className="container narrow">
        <SectionHead id={`${id}-heading`} heading={heading} lead={text} />
        <Island name="contact-form" props={{ idPrefix: id }} />
      </div>
    </section>
  );
}
