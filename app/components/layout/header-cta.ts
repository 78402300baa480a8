/** The header's call to action (and the mobile menu's): the contact page, where every enquiry starts. */
export const headerCta = { label: "Start a project", to: "/contact" } as const;
