import type { z } from "zod";
import type { serviceSchema } from "./schemas";

export type Service = z.infer<typeof serviceSchema>;

const contact = { buttonLabel: "GET IN TOUCH" as const, link: "/contact" };

export const serviceCta = {
  heading: "Ready to plan your next release?",
  text: "Tell us where you are and where you want to be. A senior engineer will answer within one business day with a first plan, a team shape and a realistic timeline.",
  buttonLabel: "Book A Consultation",
  link: "/contact",
} as const;

/** Checked against serviceSchema at build time (app/content/validate.ts). */
export const services: Record<string, Service> = {
  mobileapp: {
    name: "Mobile App Development",
    art: "phones",
    hero: {
      heading: "Mobile apps your customers keep on their home screen",
      description:
        "Native iOS and Android and cross-platform apps in React Native and Flutter, designed, built, tested and launched by one accountable team.",
      ...contact,
    },
    title: "From idea to app store",
    subtitle: "One team for discovery, design, engineering and launch",
    description: [
      "We start with a two-week discovery that turns your idea into user journeys, a clickable prototype and a release plan. Then our designers and engineers build in two-week sprints you can test on your own phone.",
      "Every app ships with crash reporting, analytics that respect consent, automated store builds and a support plan, so the launch is the beginning rather than the end.",
    ],
    services: [
      {
        icon: "mobile",
        title: "Native iOS and Android",
        description:
          "Swift and Kotlin apps that use the full platform: widgets, wearables, biometrics and offline storage.",
      },
      {
        icon: "layers",
        title: "Cross-platform apps",
        description: "One React Native or Flutter code base for both stores when time to market matters most.",
      },
      {
        icon: "eye",
        title: "UX and UI design",
        description: "Research, prototypes and accessible interfaces tested with real users before a line of code.",
      },
      {
        icon: "rocket",
        title: "Launch and growth",
        description: "Store listings, phased releases, analytics and A/B tests that show what to build next.",
      },
    ],
    heading: "Why choose us for mobile",
    subheading: "Apps that are fast, stable and easy to change",
    whyDescription:
      "Our mobile teams have shipped apps used by millions of people in retail, healthcare and logistics. We measure what matters: crash-free sessions, start-up time and store ratings.",
    whyPoints: [
      "99.8% crash-free sessions across apps we maintain",
      "Automated builds to both stores from day one",
      "Accessibility checked on every release",
    ],
    faq: {
      title: "Mobile app FAQ",
      subtitle: "What clients ask before they start",
      questions: [
        {
          question: "How long does it take to build a mobile app?",
          answer:
            "A typical first release takes 3-6 months, depending on the number of features, integrations and platforms. We agree the scope of the first release in discovery.",
        },
        {
          question: "Should we build native or cross-platform?",
          answer:
            "Cross-platform suits most business apps and saves 30-40% of the effort. We recommend native when you need heavy graphics, deep hardware access or the very best performance.",
        },
        {
          question: "Do you support the app after launch?",
          answer:
            "Yes. We offer maintenance plans covering OS updates, monitoring, bug fixes and new features, with response times agreed in writing.",
        },
      ],
    },
  },
  webdevlopment: {
    name: "Website Development",
    art: "browser",
    hero: {
      heading: "Websites and web apps that load fast and convert",
      description:
        "Marketing sites, customer portals and SaaS products built with React, Node.js and modern CMSs: accessible, secure and quick on every device.",
      ...contact,
    },
    title: "Web development that pays back",
    subtitle: "Performance, accessibility and search built in",
    description: [
      "We build websites and web applications that score well on Core Web Vitals, meet WCAG 2.2 AA and are easy for your team to edit. Content lives in a CMS or typed data, never hard-coded.",
      "Behind the pages we build the APIs, integrations and admin tools the business needs: payments, CRM, ERP and single sign-on.",
    ],
    services: [
      {
        icon: "laptop",
        title: "Corporate and marketing sites",
        description: "Fast, prerendered sites with a CMS your marketers can use without a developer.",
      },
      {
        icon: "code",
        title: "Web applications",
        description: "Customer portals, dashboards and SaaS products with React front ends and robust APIs.",
      },
      {
        icon: "cart",
        title: "eCommerce",
        description: "Headless and platform-based stores with fast checkout, search and reliable inventory sync.",
      },
      {
        icon: "plug",
        title: "Integrations and APIs",
        description: "Connect payment providers, CRMs, ERPs and identity providers with well-documented APIs.",
      },
    ],
    heading: "Why choose us for the web",
    subheading: "Measured quality, not promises",
    whyDescription:
      "Every site we deliver comes with its Lighthouse, accessibility and load-test figures. You see the numbers before launch and keep the tests that protect them.",
    whyPoints: [
      "Core Web Vitals in the green on mobile",
      "WCAG 2.2 AA checked automatically",
      "Security headers and dependency audits in CI",
    ],
    faq: {
      title: "Web development FAQ",
      subtitle: "Timelines, technology and ownership",
      questions: [
        {
          question: "How long does a web project take?",
          answer:
            "Most web projects take 4 to 12 weeks: a marketing site is at the short end, a customer portal with integrations at the long end.",
        },
        {
          question: "Which technologies do you use?",
          answer:
            "Usually React with a prerendering framework, Node.js or Python APIs, PostgreSQL, and a headless CMS. We choose what fits your team and hosting.",
        },
        {
          question: "Who owns the code?",
          answer: "You do. The repository, infrastructure code and documentation are yours from the first commit.",
        },
      ],
    },
  },
  cloud: {
    name: "Cloud Services",
    art: "cloud",
    hero: {
      heading: "Cloud platforms that are secure, scalable and cost less",
      description:
        "Architecture, landing zones, cost optimisation and 24/7 operations on AWS, Microsoft Azure and Google Cloud from certified engineers.",
      ...contact,
    },
    title: "Your cloud, run properly",
    subtitle: "Design, build, secure and operate",
    description: [
      "We design cloud foundations that pass security reviews: identity, networking, logging and guardrails defined as code and reviewed like code.",
      "Then we help you run them: monitoring, incident response, patching and monthly cost reviews that typically cut spend by a fifth to two fifths.",
    ],
    services: [
      {
        icon: "cloud",
        title: "Cloud architecture",
        description: "Well-architected designs for new products and for growing platforms that hit their limits.",
      },
      {
        icon: "shield",
        title: "Security and compliance",
        description: "Landing zones, least-privilege access and controls mapped to ISO 27001, SOC 2 and GDPR.",
      },
      {
        icon: "gauge",
        title: "Cost optimisation",
        description: "Rightsizing, savings plans and autoscaling that keep performance while cutting waste.",
      },
      {
        icon: "headset",
        title: "Managed operations",
        description: "24/7 monitoring, on-call engineers and monthly reports on availability, cost and risk.",
      },
    ],
    heading: "Why choose us for cloud",
    subheading: "Certified engineers who have run production at scale",
    whyDescription:
      "Our engineers hold AWS, Azure and Google Cloud professional certifications and have operated platforms serving millions of requests a minute. We leave you with infrastructure as code and runbooks, not a black box.",
    whyPoints: [
      "Infrastructure as code for everything we build",
      "Clear monthly cost and availability reports",
      "Certified on AWS, Azure and Google Cloud",
    ],
    faq: {
      title: "Cloud services FAQ",
      subtitle: "How we work with your platform",
      questions: [
        {
          question: "Which cloud providers do you work with?",
          answer:
            "AWS, Microsoft Azure and Google Cloud. We are comfortable with multi-cloud setups and with Kubernetes on any of them.",
        },
        {
          question: "How much can we save on our cloud bill?",
          answer:
            "Most clients save 20-40% within three months through rightsizing, reserved capacity and removing idle resources, without touching reliability.",
        },
        {
          question: "Can you take over an existing environment?",
          answer:
            "Yes. We start with a two-week assessment of security, cost and reliability, then take over operations with a documented handover.",
        },
      ],
    },
  },
  ai: {
    name: "Artificial Intelligence",
    art: "network",
    hero: {
      heading: "AI that solves a real business problem",
      description:
        "Machine learning, generative AI assistants and document automation, delivered with the data engineering and monitoring that keep them useful.",
      ...contact,
    },
    title: "Practical AI, measured by results",
    subtitle: "From proof of value to production",
    description: [
      "We begin with a four-week proof of value on your own data and agree up front how success is measured: hours saved, errors avoided or revenue gained.",
      "Models that prove themselves go to production with evaluation suites, guardrails, monitoring and a retraining plan.",
    ],
    services: [
      {
        icon: "brain",
        title: "Machine learning models",
        description: "Forecasting, classification and recommendation models trained and evaluated on your data.",
      },
      {
        icon: "robot",
        title: "Generative AI assistants",
        description:
          "Retrieval-augmented assistants that answer from your documents, with citations and access control.",
      },
      {
        icon: "file-code",
        title: "Document automation",
        description:
          "Extract, check and route data from invoices, contracts and forms with human review where it matters.",
      },
      {
        icon: "analytics",
        title: "Data and analytics",
        description: "Pipelines, warehouses and dashboards that give models and people trustworthy data.",
      },
    ],
    heading: "Why choose us for AI",
    subheading: "Engineers first, hype last",
    whyDescription:
      "We ship AI as software: versioned, tested and observable. Our teams combine data scientists with platform engineers, so a promising model does not stall on the way to production.",
    whyPoints: [
      "Success measures agreed before work starts",
      "Evaluation suites and guardrails for every model",
      "Your data stays in your cloud account",
    ],
    faq: {
      title: "AI services FAQ",
      subtitle: "Data, privacy and timelines",
      questions: [
        {
          question: "Do we need a lot of data to start?",
          answer:
            "Not always. Generative AI can work from your documents alone, and many prediction problems start well with a year of history. The proof of value tells us.",
        },
        {
          question: "Is our data used to train public models?",
          answer:
            "No. We deploy in your cloud account or with providers contractually barred from training on your data.",
        },
        {
          question: "How soon can an AI project show results?",
          answer:
            "A proof of value takes about four weeks; a production rollout typically follows in six to ten weeks.",
        },
      ],
    },
  },
  migration: {
    name: "Migration Services",
    art: "migration",
    hero: {
      heading: "Move to the cloud without losing a byte",
      description:
        "Applications, databases and whole data centres migrated to AWS, Azure or Google Cloud with rehearsed cut-overs and minimal downtime.",
      ...contact,
    },
    title: "Migrations that stay on schedule",
    subtitle: "Assess, plan, rehearse, move",
    description: [
      "We inventory what you run, map its dependencies and choose per workload whether to rehost, replatform or rebuild. You get a plan with dates, costs and risks before anything moves.",
      "Every cut-over is rehearsed with production-sized data and a tested rollback, so the real move is routine.",
    ],
    services: [
      {
        icon: "migrate",
        title: "Application migration",
        description: "Rehost or replatform applications with automated pipelines and infrastructure as code.",
      },
      {
        icon: "database",
        title: "Database migration",
        description: "Oracle, SQL Server, MySQL and PostgreSQL moves with continuous replication and verified data.",
      },
      {
        icon: "server",
        title: "Data centre exit",
        description: "Wave-by-wave moves of whole estates, coordinated with your contracts and teams.",
      },
      {
        icon: "arrows-rotate",
        title: "Modernisation",
        description: "Break up monoliths and adopt managed services once the workload runs in the cloud.",
      },
    ],
    heading: "Why choose us for migration",
    subheading: "Rehearsed moves, verified data",
    whyDescription:
      "We have moved hundreds of workloads, including regulated financial and healthcare systems. Each migration ends with a signed-off data check and a cost comparison against the old platform.",
    whyPoints: [
      "Rehearsed cut-overs with tested rollback",
      "Row-level data verification",
      "Cost baseline before and after the move",
    ],
    faq: {
      title: "Migration FAQ",
      subtitle: "Downtime, duration and risk",
      questions: [
        {
          question: "How long does a migration take?",
          answer:
            "A single application or database typically takes 2 to 8 weeks, including assessment and a rehearsal. Larger estates move in waves over several months.",
        },
        {
          question: "How much downtime should we expect?",
          answer:
            "With continuous replication most cut-overs take minutes. We schedule them in your quietest window and agree the maximum in advance.",
        },
        {
          question: "What if something goes wrong?",
          answer:
            "Every cut-over has a rehearsed rollback. The old system stays available until you sign off the new one.",
        },
      ],
    },
  },
  devops: {
    name: "DevOps Solutions",
    art: "pipeline",
    hero: {
      heading: "Ship every day with confidence",
      description:
        "CI/CD pipelines, infrastructure as code, Kubernetes and observability that shorten lead time and make releases boring in the best way.",
      ...contact,
    },
    title: "DevOps that developers like",
    subtitle: "Automation, platforms and reliability",
    description: [
      "We measure your delivery with the DORA metrics, then remove what slows it down: manual steps, flaky tests, snowflake servers and unclear ownership.",
      "The result is a paved road: templates, pipelines and environments that let a new service reach production on its first day.",
    ],
    services: [
      {
        icon: "branch",
        title: "CI/CD pipelines",
        description: "Fast, reliable pipelines with tests, security scans and progressive delivery.",
      },
      {
        icon: "file-code",
        title: "Infrastructure as code",
        description: "Terraform and Pulumi modules, reviewed and tested like application code.",
      },
      {
        icon: "docker",
        title: "Containers and Kubernetes",
        description: "Production-grade clusters with autoscaling, policies and safe upgrades.",
      },
      {
        icon: "bell",
        title: "Observability and SRE",
        description: "Metrics, logs, traces and service level objectives with alerts that mean something.",
      },
    ],
    heading: "Why choose us for DevOps",
    subheading: "Faster delivery you can measure",
    whyDescription:
      "Clients typically go from weekly or monthly releases to several a day within a quarter, with fewer incidents. We track lead time, deployment frequency, change failure rate and recovery time from the start.",
    whyPoints: [
      "DORA metrics tracked from week one",
      "Everything as code, nothing by hand",
      "Engineers onboarded within 72 hours",
    ],
    faq: {
      title: "DevOps FAQ",
      subtitle: "Tools, teams and speed",
      questions: [
        {
          question: "How quickly can your engineers join our team?",
          answer:
            "Our DevOps and technology developers are onboarded within 72 hours of signing, with access, tooling and a first task agreed.",
        },
        {
          question: "Do you work with our existing tools?",
          answer:
            "Yes. We work with GitHub, GitLab, Azure DevOps, Jenkins and the major clouds, and only suggest changes when they pay off.",
        },
        {
          question: "Can you train our team?",
          answer:
            "Yes. We pair with your engineers and leave runbooks, templates and recorded walkthroughs so the practices stay.",
        },
      ],
    },
  },
  micro: {
    name: "Microservices Architecture",
    art: "mesh",
    hero: {
      heading: "Microservices that scale with your business",
      description:
        "Domain-driven service boundaries, event-driven integration and platforms that let many teams ship independently without breaking each other.",
      ...contact,
    },
    title: "Architecture for independent teams",
    subtitle: "Split where it helps, not everywhere",
    description: [
      "Microservices are a means, not a goal. We map your domain, find the seams that let teams move independently, and keep the rest together.",
      "Then we build the platform that makes many services manageable: contracts, messaging, tracing and automated deployment.",
    ],
    services: [
      {
        icon: "cubes",
        title: "Domain-driven design",
        description: "Event storming and bounded contexts that turn the business into clear service boundaries.",
      },
      {
        icon: "bolt",
        title: "Event-driven systems",
        description: "Kafka, RabbitMQ and cloud queues with idempotent consumers and reliable outboxes.",
      },
      {
        icon: "plug",
        title: "API gateways and contracts",
        description: "Versioned APIs, consumer-driven contract tests and a gateway for security and limits.",
      },
      {
        icon: "migrate",
        title: "Monolith decomposition",
        description: "Strangler-fig migrations that move features out of the monolith one safe step at a time.",
      },
    ],
    heading: "Why choose us for microservices",
    subheading: "Independence without chaos",
    whyDescription:
      "We have split monoliths for marketplaces, banks and logistics platforms without feature freezes. Each step is reversible and measured against latency, cost and team throughput.",
    whyPoints: ["No big-bang rewrites", "Contract tests between every service", "Tracing across every request"],
    faq: {
      title: "Microservices FAQ",
      subtitle: "When and how to split",
      questions: [
        {
          question: "Do we need microservices?",
          answer:
            "Only if several teams need to release independently or parts of the system scale very differently. Otherwise a well-structured modular monolith is cheaper, and we will say so.",
        },
        {
          question: "How do you keep data consistent across services?",
          answer:
            "With clear ownership of data per service, events published through a transactional outbox, and sagas for workflows that span services.",
        },
        {
          question: "How long does decomposition take?",
          answer: "The first service usually moves out in 6 to 10 weeks; the rest follow at a pace your teams set.",
        },
      ],
    },
  },
};
