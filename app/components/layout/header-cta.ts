/**
 * The site's main action, under one label wherever the spec does not fix the words (decision
 * 042): the header, the mobile menu, the overview pages' banners and the closing call to
 * action. The label is the spec's own for this action (the home hero's button and the contact
 * form's submit both read 'Book A Consultation'), so the visitor meets one name for it
 * everywhere, in the spec's casing.
 */
export const mainAction = { label: "Book A Consultation", to: "/contact" } as const;

/** The header's call to action (and the mobile menu's): the main action. */
export const headerCta = mainAction;
