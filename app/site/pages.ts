/**
 * The page table: every public route of the site, once (a content collection's items, groups and
 * feed come from its entry in app/content/collections.ts; its list page is here). The route config, header, mobile
 * menu, footer, sitemap.xml, the prerender list and the e2e route walk all read it.
 */

/** One route module per page kind; several pages may share a template. */
export type Template =
  | "home"
  | "services-overview"
  | "service"
  | "technology-overview"
  | "technology"
  | "legal"
  | "cookie-settings"
  | "feedback"
  | "contact"
  | "career"
  | "case-study-list"
  | "insight-list"
  /** A content collection's list (app/content/collections.ts), its name as the slug. */
  | "collection-list"
  | "portfolio"
  | "team"
  | "about";

export type FooterColumn = "services" | "technology" | "company" | "policies";

export interface PageEntry {
  path: `/${string}`;
  /** Link text in menus and footer, and the page's main heading until its content says otherwise. */
  label: string;
  /** Document title (the site name is appended by the SEO builder). */
  title: string;
  template: Template;
  /** Content key looked up by the template (service and technology slugs, legal document ids). */
  slug?: string;
  /** Header dropdown the page belongs to, or its position among the header's top-level links. */
  header?: "services" | "technology" | number;
  footer?: FooterColumn;
  sitemap: boolean;
}

export const pages = [
  { path: "/", label: "Home", title: "Cloud, Web, Mobile and AI Engineering Teams", template: "home", sitemap: true },

  {
    path: "/services",
    label: "Services",
    title: "IT Services: Cloud, Web, Mobile and AI",
    template: "services-overview",
    sitemap: true,
  },
  {
    path: "/services/mobileapp",
    slug: "mobileapp",
    label: "Mobile App Development",
    title: "Mobile App Development Services",
    template: "service",
    header: "services",
    footer: "services",
    sitemap: true,
  },
  {
    path: "/services/webdevlopment",
    slug: "webdevlopment",
    label: "Website Development",
    title: "Website Development Services",
    template: "service",
    header: "services",
    footer: "services",
    sitemap: true,
  },
  {
    path: "/services/cloudservice",
    slug: "cloud",
    label: "Cloud Services",
    title: "Cloud Services and Consulting",
    template: "service",
    header: "services",
    footer: "services",
    sitemap: true,
  },
  {
    path: "/services/ai",
    slug: "ai",
    label: "Artificial Intelligence",
    title: "Artificial Intelligence Services",
    template: "service",
    header: "services",
    footer: "services",
    sitemap: true,
  },
  {
    path: "/services/migration",
    slug: "migration",
    label: "Migration Services",
    title: "Cloud and Application Migration Services",
    template: "service",
    header: "services",
    footer: "services",
    sitemap: true,
  },
  {
    path: "/services/devops",
    slug: "devops",
    label: "DevOps Solutions",
    title: "DevOps Solutions and Consulting",
    template: "service",
    header: "services",
    footer: "services",
    sitemap: true,
  },
  {
    path: "/services/micro",
    slug: "micro",
    label: "Microservices Architecture",
    title: "Microservices Architecture Services",
    template: "service",
    header: "services",
    footer: "services",
    sitemap: true,
  },

  {
    path: "/technology",
    label: "Technology",
    title: "Technologies and Developers to Hire",
    template: "technology-overview",
    sitemap: true,
  },
  {
    path: "/technology/react",
    slug: "react",
    label: "React",
    title: "Hire React Developers",
    template: "technology",
    header: "technology",
    footer: "technology",
    sitemap: true,
  },
  {
    path: "/technology/python",
    slug: "python",
    label: "Python",
    title: "Hire Python Developers",
    template: "technology",
    header: "technology",
    footer: "technology",
    sitemap: true,
  },
  {
    path: "/technology/laravel",
    slug: "laravel",
    label: "Laravel",
    title: "Hire Laravel Developers",
    template: "technology",
    header: "technology",
    footer: "technology",
    sitemap: true,
  },
  {
    path: "/technology/nodejs",
    slug: "nodejs",
    label: "Node.js",
    title: "Hire Node.js Developers",
    template: "technology",
    header: "technology",
    footer: "technology",
    sitemap: true,
  },
  {
    path: "/technology/aiml",
    slug: "aiml",
    label: "AI/ML",
    title: "Hire AI and Machine Learning Engineers",
    template: "technology",
    header: "technology",
    footer: "technology",
    sitemap: true,
  },
  {
    path: "/technology/mlops",
    slug: "mlops",
    label: "MLOps",
    title: "Hire MLOps Engineers",
    template: "technology",
    header: "technology",
    footer: "technology",
    sitemap: true,
  },
  {
    path: "/technology/spring",
    slug: "spring",
    label: "Spring",
    title: "Hire Spring Boot Developers",
    template: "technology",
    header: "technology",
    footer: "technology",
    sitemap: true,
  },

  {
    path: "/contact",
    label: "Contact",
    title: "Contact Us",
    template: "contact",
    header: 4,
    footer: "company",
    sitemap: true,
  },
  {
    path: "/about-us",
    label: "About Us",
    title: "About Us",
    template: "about",
    header: 3,
    footer: "company",
    sitemap: true,
  },
  {
    path: "/career",
    label: "Career",
    title: "Careers",
    template: "career",
    header: 2,
    footer: "company",
    sitemap: true,
  },
  {
    path: "/case-study",
    label: "Case Studies",
    title: "Case Studies",
    template: "case-study-list",
    header: 1,
    footer: "company",
    sitemap: true,
  },
  {
    path: "/insights",
    slug: "insights",
    label: "Insights",
    title: "Insights: Cloud, Platform and AI Engineering",
    template: "insight-list",
    footer: "company",
    sitemap: true,
  },
  { path: "/portfolio", label: "Portfolio", title: "Portfolio", template: "portfolio", sitemap: true },
  { path: "/team", label: "Our Team", title: "Our Team", template: "team", sitemap: true },

  {
    path: "/privacy-policy",
    slug: "privacy-policy",
    label: "Privacy Policy",
    title: "Privacy Policy",
    template: "legal",
    footer: "policies",
    sitemap: true,
  },
  {
    path: "/recruitment-privacy-policy",
    slug: "recruitment-privacy-policy",
    label: "Recruitment Privacy Policy",
    title: "Recruitment Privacy Policy",
    template: "legal",
    footer: "policies",
    sitemap: true,
  },
  {
    path: "/cookies",
    slug: "cookies",
    label: "Cookie Policy",
    title: "Cookie Policy",
    template: "legal",
    footer: "policies",
    sitemap: true,
  },
  { path: "/feedback", label: "Feedback", title: "Feedback", template: "feedback", footer: "policies", sitemap: true },
  {
    path: "/security",
    slug: "security",
    label: "Security Policy",
    title: "Security Policy",
    template: "legal",
    footer: "policies",
    sitemap: true,
  },
  {
    path: "/cookies-settings",
    label: "Cookie Settings",
    title: "Cookie Settings",
    template: "cookie-settings",
    sitemap: true,
  },
] as const satisfies readonly PageEntry[];

export type PagePath = (typeof pages)[number]["path"];

/**
 * Addresses the original site linked to that are not pages: each answers a permanent
 * redirect (HTTP 301 from the server) to its real page.
 */
export const redirects = [
  { from: "/home", to: "/" },
  { from: "/casestudies", to: "/case-study" },
  { from: "/case-studies", to: "/case-study" },
  { from: "/aboutus", to: "/about-us" },
  { from: "/cookie-policy", to: "/cookies" },
] as const satisfies readonly { from: string; to: PagePath }[];

/**
 * Whether a menu link stays current on the addresses below its page: Career on every role's page
 * (/career/<slug>), which belongs to it and has no menu link of its own. Other links are current
 * on their own page only (NavLink's `end`).
 */
export const currentBelow = (path: string) => path === "/career";

export function pageByPath(path: string): PageEntry | undefined {
  return (pages as readonly PageEntry[]).find((p) => p.path === path);
}

export function pagesIn(group: "services" | "technology"): readonly PageEntry[] {
  return (pages as readonly PageEntry[]).filter((p) => p.header === group);
}

export function headerLinks(): readonly PageEntry[] {
  return (pages as readonly PageEntry[])
    .filter((p): p is PageEntry & { header: number } => typeof p.header === "number")
    .sort((a, b) => a.header - b.header);
}

export function footerColumn(column: FooterColumn): readonly PageEntry[] {
  return (pages as readonly PageEntry[]).filter((p) => p.footer === column);
}
