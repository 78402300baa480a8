/** Replaced by the real form; kept so pages can place it before it exists. */
export function ContactForm() {
  return null;
}
