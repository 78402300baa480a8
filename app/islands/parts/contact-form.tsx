import { ContactForm } from "~/components/forms/contact-form";

export default function ContactFormIsland({ idPrefix }: { idPrefix?: string }) {
  return <ContactForm idPrefix={idPrefix} />;
}
