import type { z } from "zod";
import type { PagePath } from "~/site/pages";
import type { pageMetaSchema } from "./schemas";

export type PageMetaContent = z.infer<typeof pageMetaSchema>;

/** Search-result text of every page; checked against pageMetaSchema at build time (app/content/validate.ts). */
export const pageMetaContent: Record<PagePath, PageMetaContent> = {
  "/": {
    description:
      "Certified cloud, web, mobile and AI engineering teams that build, migrate and run your software. Book a consultation with Altiva Cloud.",
    keywords: ["cloud services", "staff augmentation", "web development", "mobile app development", "AI development"],
  },
  "/services": {
    description:
      "Seven services from one engineering partner: mobile and web development, cloud, AI, migration, DevOps and microservices, each run by certified specialists.",
    keywords: ["IT services", "cloud services", "software development", "DevOps", "AI development"],
  },
  "/services/mobileapp": {
    description:
      "Native and cross-platform mobile apps for iOS and Android, from product discovery to store launch in 3-6 months, with support after release.",
    keywords: ["mobile app development", "iOS apps", "Android apps", "React Native", "Flutter"],
  },
  "/services/webdevlopment": {
    description:
      "Fast, accessible websites and web applications built in 4 to 12 weeks: React front ends, robust APIs, CMS integration and ongoing care.",
    keywords: ["website development", "web application development", "React", "Node.js", "CMS"],
  },
  "/services/cloudservice": {
    description:
      "AWS, Azure and Google Cloud architecture, cost optimisation, security and 24/7 operations from certified cloud engineers.",
    keywords: ["cloud services", "AWS consulting", "Azure", "Google Cloud", "cloud cost optimisation"],
  },
  "/services/ai": {
    description:
      "Practical AI for your business: machine learning models, generative AI assistants, document automation and analytics that pay for themselves.",
    keywords: ["artificial intelligence", "machine learning", "generative AI", "LLM applications", "AI consulting"],
  },
  "/services/migration": {
    description:
      "Move applications, databases and data centres to the cloud in 2 to 8 weeks per workload, with zero data loss and minimal downtime.",
    keywords: ["cloud migration", "database migration", "legacy modernisation", "lift and shift", "replatforming"],
  },
  "/services/devops": {
    description:
      "CI/CD pipelines, infrastructure as code, Kubernetes and observability that let your team ship daily with confidence.",
    keywords: ["DevOps", "CI/CD", "Kubernetes", "Terraform", "site reliability engineering"],
  },
  "/services/micro": {
    description:
      "Design and build microservices that scale: domain-driven boundaries, event-driven messaging, API gateways and a safe path off the monolith.",
    keywords: [
      "microservices architecture",
      "event-driven architecture",
      "API gateway",
      "Kubernetes",
      "monolith decomposition",
    ],
  },
  "/technology": {
    description:
      "Hire senior React, Python, Laravel, Node.js, AI/ML, MLOps and Spring engineers, onboarded within 72 hours as a team or as extra hands in yours.",
    keywords: ["hire developers", "staff augmentation", "React developers", "Python developers", "Node.js developers"],
  },
  "/technology/react": {
    description:
      "Hire vetted React developers for web apps, PWAs and design systems. Engineers onboarded within 72 hours, full-time or part-time.",
    keywords: ["hire React developers", "React development", "PWA", "Next.js", "staff augmentation"],
  },
  "/technology/python": {
    description:
      "Hire Python developers for web platforms, data engineering, automation and AI. Senior engineers onboarded within 72 hours.",
    keywords: ["hire Python developers", "Django", "FastAPI", "data engineering", "Python automation"],
  },
  "/technology/laravel": {
    description:
      "Hire Laravel developers for custom web applications, APIs, eCommerce and legacy PHP upgrades. Onboarded within 72 hours.",
    keywords: ["hire Laravel developers", "Laravel development", "PHP", "Vue.js", "eCommerce"],
  },
  "/technology/nodejs": {
    description:
      "Hire Node.js developers for APIs, real-time apps, serverless back ends and MERN/MEAN products. Onboarded within 72 hours.",
    keywords: ["hire Node.js developers", "Node.js development", "serverless", "MERN stack", "real-time apps"],
  },
  "/technology/aiml": {
    description:
      "Hire AI and machine learning engineers for NLP, computer vision, automation and model deployment. Onboarded within 72 hours.",
    keywords: ["hire AI engineers", "machine learning engineers", "NLP", "computer vision", "model deployment"],
  },
  "/technology/mlops": {
    description:
      "Hire MLOps engineers to version, deploy, monitor and retrain models with Docker, Kubernetes and infrastructure as code.",
    keywords: ["hire MLOps engineers", "MLOps", "model monitoring", "Kubernetes", "ML pipelines"],
  },
  "/technology/spring": {
    description:
      "Hire Spring Boot developers for enterprise Java, microservices, secure APIs and cloud-native applications. Onboarded within 72 hours.",
    keywords: [
      "hire Spring Boot developers",
      "Java development",
      "Spring microservices",
      "Spring Security",
      "cloud-native Java",
    ],
  },
  "/contact": {
    description:
      "Talk to Altiva Cloud about your project: offices, phone, e-mail and a short form. We answer every enquiry within one business day.",
    keywords: ["contact Altiva Cloud", "IT consulting", "book a consultation", "cloud consulting", "software project"],
  },
  "/about-us": {
    description:
      "Altiva Cloud is a team of certified cloud, web, mobile and AI engineers helping companies grow since 2016. Meet our story and values.",
    keywords: ["about Altiva Cloud", "IT services company", "cloud engineers", "software consultancy", "our values"],
  },
  "/career": {
    description:
      "Join Altiva Cloud: remote-friendly engineering, design and delivery roles with real cloud and AI projects. Apply with your resume.",
    keywords: ["careers", "software engineering jobs", "cloud jobs", "remote developer jobs", "apply"],
  },
  "/case-study": {
    description:
      "How Altiva Cloud helped clients ship faster and spend less: case studies in mobile apps and cloud migration with measured results.",
    keywords: ["case studies", "cloud migration results", "mobile app case study", "client success", "portfolio"],
  },
  "/insights": {
    description:
      "Articles by Altiva Cloud's engineers on cloud migration, sizing Kubernetes platforms and AI pilots, drawn from the client projects we run.",
    keywords: ["insights", "cloud migration", "Kubernetes", "AI pilots", "engineering articles"],
  },
  "/portfolio": {
    description:
      "Selected products built by Altiva Cloud engineers: web platforms and mobile apps in production for clients in several industries.",
    keywords: ["portfolio", "web projects", "mobile apps", "software products", "client work"],
  },
  "/team": {
    description:
      "Meet the people who lead Altiva Cloud's engineering, delivery and client partnerships, and how to reach them on LinkedIn.",
    keywords: ["our team", "leadership", "engineering team", "Altiva Cloud people", "delivery leads"],
  },
  "/privacy-policy": {
    description:
      "How Altiva Cloud collects, uses, keeps and protects personal data from visitors, clients and enquiries, and how to exercise your rights.",
    keywords: ["privacy policy", "personal data", "GDPR", "data protection", "your rights"],
  },
  "/recruitment-privacy-policy": {
    description:
      "How Altiva Cloud handles candidate data: what we collect with your application, why, and that it is kept up to 12 months if not selected.",
    keywords: ["recruitment privacy policy", "candidate data", "job application data", "data retention", "GDPR"],
  },
  "/cookies": {
    description:
      "Which cookies and browser storage Altiva Cloud's website uses, why, for how long, and how to change your choice at any time.",
    keywords: ["cookie policy", "cookies", "local storage", "consent", "privacy"],
  },
  "/feedback": {
    description:
      "Tell Altiva Cloud what works and what does not: feedback about our website, services or support goes straight to the people responsible.",
    keywords: ["feedback", "customer feedback", "website feedback", "support", "service quality"],
  },
  "/security": {
    description:
      "How Altiva Cloud protects client systems and data: access control, encryption, secure development, incident response and disclosure.",
    keywords: ["security policy", "information security", "vulnerability disclosure", "encryption", "ISO 27001"],
  },
  "/cookies-settings": {
    description:
      "Choose which optional cookies Altiva Cloud's website may use: performance, functional and marketing. Essential cookies are always on.",
    keywords: ["cookie settings", "cookie preferences", "consent", "privacy", "tracking"],
  },
};
