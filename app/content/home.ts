import type { z } from "zod";
import type { homeSchema } from "./schemas";

/** Checked against homeSchema at build time (app/content/validate.ts). */
export const home: z.infer<typeof homeSchema> = {
  hero: {
    heading: "Boost your cloud journey with our certified teams.",
    text: "Cloud, web, mobile and AI engineers who plan, build and run your software, as a delivery team or as extra hands in yours.",
    primary: { label: "Book A Consultation", to: "/contact" },
    secondary: { label: "About Us", to: "/about-us" },
  },
  about: {
    heading: "We don't just code — we chart your growth journey",
    text: [
      "Since 2016 we have helped start-ups and established companies ship products, move to the cloud and put AI to work. We start from your business goal and measure our work against it.",
      "Our engineers are certified on AWS, Azure and Google Cloud and work in your time zone, your tools and your rhythm.",
    ],
    button: { label: "MORE ABOUT US", to: "/about-us" },
  },
  servicesGrid: {
    heading: "Build Smarter. Launch Faster. Grow Stronger",
    text: "Six ways we help teams deliver, each run by specialists and measured by results.",
    cards: [
      {
        icon: "mobile",
        title: "Mobile App Development",
        link: "/services/mobileapp",
        features: [
          "Native iOS and Android",
          "React Native and Flutter",
          "UX research and design",
          "App store launch",
          "Post-launch support",
        ],
      },
      {
        icon: "cloud",
        title: "Cloud Services",
        link: "/services/cloudservice",
        features: [
          "AWS, Azure and Google Cloud",
          "Secure landing zones",
          "Cost optimisation",
          "Infrastructure as code",
          "24/7 operations",
        ],
      },
      {
        icon: "brain",
        title: "Artificial Intelligence",
        link: "/services/ai",
        features: [
          "Machine learning models",
          "Generative AI assistants",
          "Document automation",
          "Data pipelines",
          "Model monitoring",
        ],
      },
      {
        icon: "migrate",
        title: "Migration Services",
        link: "/services/migration",
        features: [
          "Workload assessment",
          "Database migration",
          "Rehearsed cut-overs",
          "Zero data loss",
          "Cost baseline",
        ],
      },
      {
        icon: "gears",
        title: "DevOps Solutions",
        link: "/services/devops",
        features: [
          "CI/CD pipelines",
          "Kubernetes platforms",
          "Observability and SRE",
          "Security scanning",
          "DORA metrics",
        ],
      },
      {
        icon: "cubes",
        title: "Microservices Architecture",
        link: "/services/micro",
        features: [
          "Domain-driven design",
          "Event-driven messaging",
          "API gateways",
          "Contract testing",
          "Monolith decomposition",
        ],
      },
    ],
  },
  cta: {
    heading: "Your Next Big Leap Starts Here",
    subheading: "We Grow With Every Client We Serve",
    text: "Join engineers who love hard problems, or tell us about yours. Either way, the next step is a conversation.",
    join: { label: "Join With Us", to: "/career" },
    contact: { label: "Contact Us", to: "/contact" },
  },
  stats: [
    { value: 120, suffix: "+", label: "Users are using the product" },
    { value: 98, suffix: "%", label: "Client satisfaction rate" },
    { value: 5, suffix: "", label: "Our global Products" },
  ],
  faq: {
    heading: "Frequently asked questions",
    text: "Straight answers to what clients ask us first.",
    items: [
      {
        question: "How can Altiva Cloud help with our cloud journey?",
        answer:
          "We assess where you are, design a secure cloud foundation, migrate or build your workloads, and can run them for you 24/7 with monthly cost and reliability reports.",
      },
      {
        question: "Do you provide support after the project is delivered?",
        answer:
          "Yes. Every project can continue under a support plan with agreed response times covering monitoring, fixes, upgrades and small improvements.",
      },
      {
        question: "How do you keep our applications and data secure?",
        answer:
          "Security is built in from the first day: least-privilege access, encryption in transit and at rest, dependency and container scanning in CI, and reviews against ISO 27001 and OWASP practices.",
      },
      {
        question: "Can you migrate our existing systems without downtime?",
        answer:
          "In most cases, yes. We replicate data continuously, rehearse every cut-over with production-sized data and keep a tested rollback, so the switch takes minutes in your quietest window.",
      },
      {
        question: "Do you work with startups as well as enterprises?",
        answer:
          "Both. Startups get a small senior team that ships an MVP quickly; enterprises get the governance, documentation and scale their processes need. The engineering standards are the same.",
      },
    ],
  },
  contact: {
    heading: "Tell us about your project",
    text: "Share a few details and a senior engineer will reply within one business day.",
  },
  proof: {
    clientsLabel: "Engineering for clients in",
    heading: "Results our clients measured",
    text: "Three recent projects, each with the figures the client tracked before and after. Read how the team was shaped and what it built.",
    testimonialFrom: "cloud-migration",
  },
};
