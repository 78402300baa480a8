import { Icon } from "~/components/icon/icon";
import { chatUrl, company } from "~/site/company";

/** The fixed side bar: e-mail, call and chat, always one tap away. */
export function ContactSidebar() {
  return (
    <aside className="contact-sidebar" aria-label="Quick contact">
      <a href={`mailto:${company.email}`} aria-label={`E-mail ${company.email}`}>
        <Icon name="envelope" />
      </a>
      <a href={`tel:${company.phoneE164}`} aria-label={`Call ${company.phoneDisplay}`}>
        <Icon name="phone" />
      </a>
      <a
        href={chatUrl}
        target="_blank"
        rel="noopener noreferrer"
        aria-label="Chat with us on WhatsApp (opens in a new tab)"
      >
        <Icon name="whatsapp" />
      </a>
    </aside>
  );
}
