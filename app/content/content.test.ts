import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { pages } from "~/site/pages";
import { caseStudiesTagged, loadCaseStudies } from "./collections.server";
import { home } from "./home";
import { readLegalPages } from "./markdown.server";
import { pageMetaContent } from "./page-meta";
import { parseCollection } from "./schemas";
import { services } from "./services";
import { technologies } from "./technologies";
import { validateContent } from "./validate";

describe("every content module matches its schema", () => {
  it("validates", () => {
    expect(() => validateContent()).not.toThrow();
  });
});

describe("page table and content agree", () => {
  it("every service and technology page has a content entry", () => {
    for (const page of pages.filter((p) => p.template === "service"))
      expect(services[page.slug!], page.path).toBeDefined();
    for (const page of pages.filter((p) => p.template === "technology"))
      expect(technologies[page.slug!], page.path).toBeDefined();
  });

  it("every page has a description and keywords", () => {
    for (const page of pages) expect(pageMetaContent[page.path].keywords.length, page.path).toBeGreaterThanOrEqual(3);
  });
});

describe("home content", () => {
  it("carries the spec's exact strings", () => {
    expect(home.hero.heading).toBe("Boost your cloud journey with our certified teams.");
    expect(home.about.heading).toBe("We don't just code — we chart your growth journey");
    expect(home.about.button.label).toBe("MORE ABOUT US");
    expect(home.servicesGrid.heading).toBe("Build Smarter. Launch Faster. Grow Stronger");
    // The spec writes "Artificial intelligence" here; the site names the service one way everywhere
    // (its page, menus and footer say "Artificial Intelligence").
    expect(home.servicesGrid.cards.map((c) => c.title)).toEqual([
      "Mobile App Development",
      "Cloud Services",
      "Artificial Intelligence",
      "Migration Services",
      "DevOps Solutions",
      "Microservices Architecture",
    ]);
    expect(home.servicesGrid.cards.find((c) => c.title === "Microservices Architecture")?.link).toBe("/services/micro");
    expect([home.cta.heading, home.cta.subheading, home.cta.join.label, home.cta.contact.label]).toEqual([
      "Your Next Big Leap Starts Here",
      "We Grow With Every Client We Serve",
      "Join With Us",
      "Contact Us",
    ]);
    expect(home.stats.map((s) => `${s.value}${s.suffix} ${s.label}`)).toEqual([
      "120+ Users are using the product",
      "98% Client satisfaction rate",
      "5 Our global Products",
    ]);
    expect(home.faq.items).toHaveLength(5);
  });
});

describe("service content", () => {
  it("states the spec's timeline and onboarding claims", () => {
    const faqText = (key: string) => JSON.stringify(services[key]!.faq);
    expect(faqText("mobileapp")).toContain("3-6 months");
    expect(faqText("webdevlopment")).toContain("4 to 12 weeks");
    expect(faqText("migration")).toContain("2 to 8 weeks");
    expect(Object.keys(services).map(faqText).join()).toContain("within 72 hours");
  });
});

describe("technology content", () => {
  const titles: Record<string, string[]> = {
    react: [
      "Web & Mobile App Development",
      "Progressive Web App (PWA) Development",
      "React Consulting & Architecture",
      "Full-Stack React Developers",
      "Migration to React",
      "Maintenance & Support",
    ],
    python: [
      "Custom Python Web Development",
      "AI & ML Model Development",
      "API & Microservice Architecture",
      "Data Engineering & Scripting",
      "Python for DevOps & Automation",
      "Maintenance & Optimization",
    ],
    laravel: [
      "Custom Web Application Development",
      "Laravel API Development",
      "eCommerce & CMS Solutions",
      "Legacy PHP Migration to Laravel",
      "Laravel Maintenance & Upgrades",
      "Full-Stack Development with Vue.js",
    ],
    nodejs: [
      "Backend API & Microservices",
      "Real-Time App Development",
      "Serverless App Development",
      "Node.js Consulting & Optimization",
      "MEAN / MERN Stack Development",
      "Ongoing Support & Scaling",
    ],
    aiml: [
      "Custom AI Model Development",
      "Natural Language Processing",
      "Computer Vision Solutions",
      "AI-Powered Automation",
      "Data Preparation & Labeling",
      "AI Model Deployment & Monitoring",
    ],
    mlops: [
      "Model Deployment Pipelines",
      "Model Versioning & Rollbacks",
      "Containerization with Docker & Kubernetes",
      "Monitoring & Alerting for ML Models",
      "Infrastructure as Code for ML",
      "Collaboration & Workflow Automation",
    ],
    spring: [
      "Enterprise Application Development",
      "Spring Microservices Architecture",
      "API Development & Integration",
      "Cloud-Native Java Applications",
      "Spring Security Implementation",
      "Performance Optimization & Support",
    ],
  };
  it.each(Object.entries(titles))("%s has exactly the spec's six service titles", (key, expected) => {
    expect(technologies[key]!.services.map((s) => s.title)).toEqual(expected);
  });
  it("keeps the spec's contact section ids", () => {
    expect(technologies.python!.contactSectionId).toBe("pythin-page-contact");
    expect(technologies.nodejs!.contactSectionId).toBe("nidejs-page-contact");
    expect(technologies.spring!.contactSectionId).toBe("spring-contact-page");
  });
});

describe("a broken entry fails with a readable message", () => {
  it("names the collection, the entry and the field", () => {
    expect(() =>
      parseCollection("services", z.object({ title: z.string().min(5) }), { cloud: { title: "x" } }),
    ).toThrow(/Content error in services "cloud": title: /);
  });
});

describe("case studies", () => {
  it("loads the spec's two case studies with their claims, and the third", () => {
    const studies = loadCaseStudies();
    expect(studies.map((s) => s.data.id).sort()).toEqual(["cloud-migration", "insurance-claims-ai", "mobile-crm-app"]);
    const html = studies.map((s) => s.html).join();
    expect(html).toContain("30% higher conversion");
    expect(html).toContain("40% lower infrastructure costs");
    for (const s of studies) {
      for (const heading of ["Challenge", "Solution", "Results"]) expect(s.html).toContain(`<h2>${heading}</h2>`);
    }
  });

  it("each study's figures are the ones its own text states", () => {
    for (const s of loadCaseStudies()) {
      const text = s.html.replace(/<[^>]+>/g, "");
      for (const r of s.data.results)
        expect(text, `${s.data.id}: ${r.value}`).toContain(
          r.value.replace(/ h$/, " hours").replace(/ min$/, " minutes"),
        );
    }
  });

  const frontMatter = [
    "id: data-platform",
    "title: A data platform that answers questions in seconds",
    "category: AI",
    "excerpt: A retailer's analysts waited a day for every report; a modern data platform answers in seconds.",
    "image: /images/case-cloud-migration.svg",
    "imageAlt: Charts on a dashboard",
    "date: 2026-10-01",
    "client: A European fashion retailer",
    "industry: Retail",
    "results: [{ value: '1 s', label: median time to a report }, { value: 12x, label: more reports run each week }]",
    "quote: { text: Our analysts answer the board's questions during the meeting now instead of a day later., name: Sara L., title: Head of Analytics }",
    "services: [ai, cloud]",
    "technologies: [python]",
    "team: [{ role: Data engineer, count: 2 }]",
  ];

  function withFixture(extra: Record<string, string>) {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "content-"));
    fs.cpSync(path.resolve("app/content/case-studies"), path.join(root, "case-studies"), { recursive: true });
    for (const [file, text] of Object.entries(extra)) fs.writeFileSync(path.join(root, "case-studies", file), text);
    return root;
  }

  it("adding a case study is adding one Markdown file, and its service and technology pages list it", () => {
    const root = withFixture({
      "data-platform.md": ["---", ...frontMatter, "---", "## Challenge", "Slow reports."].join("\n"),
    });
    const studies = loadCaseStudies(root);
    expect(studies).toHaveLength(4);
    expect(studies[0]!.data.id).toBe("data-platform");
    expect(caseStudiesTagged({ service: "ai" }, root).map((s) => s.id)).toEqual([
      "data-platform",
      "insurance-claims-ai",
    ]);
    expect(caseStudiesTagged({ service: "cloud" }, root).map((s) => s.id)).toContain("data-platform");
    expect(caseStudiesTagged({ technology: "python" }, root).map((s) => s.id)).toContain("data-platform");
    expect(caseStudiesTagged({ technology: "laravel" }, root)).toEqual([]);
  });

  it("a file with bad front matter fails the build, naming the file and field", () => {
    const root = withFixture({ "broken.md": "---\nid: broken\ntitle: Short\n---\nBody" });
    expect(() => loadCaseStudies(root)).toThrow(/Content error in case-studies\/broken\.md: title: /);
  });

  it.each([
    [
      "a service that has no page",
      "services: [ai, blockchain]",
      /services\.1: must be a service page's key: mobileapp, /,
    ],
    [
      "a technology that has no page",
      "technologies: [python, rust]",
      /technologies\.1: must be a technology page's key: /,
    ],
    ["a page named twice", "services: [ai, ai]", /services: names a page twice/],
    ["a single figure", "results: [{ value: 12x, label: more reports run each week }]", /results: /],
    [
      "five figures",
      `results: [${Array(5).fill("{ value: 12x, label: more reports run each week }").join(", ")}]`,
      /results: /,
    ],
    [
      "a quote without a name",
      "quote: { text: Our analysts answer the board's questions during the meeting., title: CFO }",
      /quote\.name: /,
    ],
  ])("refuses %s", (_name, line, message) => {
    const key = line.slice(0, line.indexOf(":"));
    const lines = frontMatter.map((l) => (l.startsWith(`${key}:`) ? line : l));
    const root = withFixture({ "data-platform.md": ["---", ...lines, "---", "Body"].join("\n") });
    expect(() => loadCaseStudies(root)).toThrow(message);
  });

  it("every service and technology page a study names is tagged back: the study is on that page's list", () => {
    for (const s of loadCaseStudies()) {
      for (const service of s.data.services)
        expect(
          caseStudiesTagged({ service }).map((t) => t.id),
          service,
        ).toContain(s.data.id);
      for (const technology of s.data.technologies)
        expect(
          caseStudiesTagged({ technology }).map((t) => t.id),
          technology,
        ).toContain(s.data.id);
    }
  });
});

describe("legal pages", () => {
  it("all four exist with a last-updated date, and recruitment data is deleted 12 months after arrival or decision", () => {
    const docs = readLegalPages();
    expect(docs.map((d) => d.slug).sort()).toEqual([
      "cookies",
      "privacy-policy",
      "recruitment-privacy-policy",
      "security",
    ]);
    expect(docs.find((d) => d.slug === "recruitment-privacy-policy")!.html).toMatch(
      /deleted 12 months after your application arrived[\s\S]*deleted 12 months after that decision/,
    );
  });
});
