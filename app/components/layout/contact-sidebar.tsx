import { Icon } from "~/components/icon/icon";
import { chatUrl, company } from "~/site/company";

/**
 * E-mail, call and chat, always one tap away: a full-width bar on the bottom edge of phones and
 * tablets (the footer reserves its height) and a rail in the right margin of wide screens, so it
 * never covers text (see .contact-bar in app/styles/_layout.scss).
 */
export function ContactSidebar() {
  return (
    <aside className="contact-bar" aria-label="Quick contact">
      <a href={`mailto:${company.email}`} aria-label={`Email ${company.email}`}>
        <Icon name="envelope" />
        <span className="contact-bar__label" aria-hidden="true">
          Email
        </span>
      </a>
      <a href={`tel:${company.phoneE164}`} aria-label={`Call ${company.phoneDisplay}`}>
        <Icon name="phone" />
        <span className="contact-bar__label" aria-hidden="true">
          Call
        </span>
      </a>
      <a
        href={chatUrl}
        target="_blank"
        rel="noopener noreferrer"
        aria-label="Chat with us on WhatsApp (opens in a new tab)"
      >
        <Icon name="whatsapp" />
        <span className="contact-bar__label" aria-hidden="true">
          Chat
        </span>
      </a>
    </aside>
  );
}
