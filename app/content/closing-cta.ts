/**
 * The words of the closing call to action: the band before the footer on every page that does
 * not end in its own (app/components/sections/cta-band.tsx, decision 042). A route picks a kind
 * with its `handle`, or leaves the band out where it already ends in a form or a band.
 */
export const closingCtas = {
  default: {
    heading: "Have a product to build, move or run?",
    text: "Tell us where it stands. A senior engineer answers within one business day with a first plan, the team it needs and a realistic timeline.",
    secondary: { label: "See our case studies", to: "/case-study" },
  },
  "case-study": {
    heading: "Want results like these for your product?",
    text: "Each of these projects began with one conversation about the problem. Tell us yours and a senior engineer answers within one business day.",
    secondary: { label: "Explore our services", to: "/services" },
  },
} as const;

export type ClosingCtaKind = keyof typeof closingCtas;
