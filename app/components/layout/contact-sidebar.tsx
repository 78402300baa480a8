import { FaEnvelope, FaPhone, FaWhatsapp } from "react-icons/fa6";
import { chatUrl, company } from "~/site/company";

/** The fixed side bar: e-mail, call and chat, always one tap away. */
export function ContactSidebar() {
  return (
    <aside className="contact-sidebar" aria-label="Quick contact">
      <a href={`mailto:${company.email}`} aria-label={`E-mail ${company.email}`}>
        <FaEnvelope aria-hidden="true" />
      </a>
      <a href={`tel:${company.phoneE164}`} aria-label={`Call ${company.phoneDisplay}`}>
        <FaPhone aria-hidden="true" />
      </a>
      <a
        href={chatUrl}
        target="_blank"
        rel="noopener noreferrer"
        aria-label="Chat with us on WhatsApp (opens in a new tab)"
      >
        <FaWhatsapp aria-hidden="true" />
      </a>
    </aside>
  );
}
