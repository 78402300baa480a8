import type { z } from "zod";
import type { technologySchema } from "./schemas";

export type Technology = z.infer<typeof technologySchema>;

export const staffAugmentationBanner = {
  heading: "Get started with the best staff augmentation",
  text: "Add vetted senior engineers to your team in days, not months. Flexible contracts, your processes, our accountability.",
  buttonLabel: "Hire today",
  link: "/contact",
} as const;

/** Checked against technologySchema at build time (app/content/validate.ts). */
export const technologies: Record<string, Technology> = {
  react: {
    name: "React",
    mark: "react",
    hero: {
      title: "Hire React Developers",
      description:
        "Senior React engineers for web apps, progressive web apps and design systems, onboarded within 72 hours and working in your sprint rhythm.",
    },
    servicesTitle: "React development services",
    servicesSubtitle: "From a new product to a rescue of an old one",
    services: [
      {
        icon: "laptop",
        title: "Web & Mobile App Development",
        description: "Responsive React web apps and React Native mobile apps sharing logic, types and design tokens.",
      },
      {
        icon: "mobile",
        title: "Progressive Web App (PWA) Development",
        description: "Installable, offline-capable web apps with push notifications and app-like speed.",
      },
      {
        icon: "layers",
        title: "React Consulting & Architecture",
        description: "State management, rendering strategy and component architecture reviews with a concrete plan.",
      },
      {
        icon: "users",
        title: "Full-Stack React Developers",
        description: "Engineers who own features end to end, from React components to Node.js APIs and databases.",
      },
      {
        icon: "migrate",
        title: "Migration to React",
        description: "Move from AngularJS, jQuery or server templates to React screen by screen, without a freeze.",
      },
      {
        icon: "wrench",
        title: "Maintenance & Support",
        description:
          "Upgrades, performance tuning, accessibility fixes and on-call support for React apps in production.",
      },
    ],
    whyDescription:
      "React's component model, huge ecosystem and React Native for mobile let one team serve web and app users with shared code. Our developers know its modern patterns, from server rendering to suspense.",
    contactSectionId: "react-page-contact",
  },
  python: {
    name: "Python",
    mark: "python",
    hero: {
      title: "Hire Python Developers",
      description:
        "Python engineers for web platforms, APIs, data pipelines, automation and AI, onboarded within 72 hours.",
    },
    servicesTitle: "Python development services",
    servicesSubtitle: "One language from web back end to machine learning",
    services: [
      {
        icon: "code",
        title: "Custom Python Web Development",
        description: "Django and FastAPI applications with clean domain models, tests and admin tools.",
      },
      {
        icon: "brain",
        title: "AI & ML Model Development",
        description: "Models in PyTorch and scikit-learn, evaluated properly and packaged for production.",
      },
      {
        icon: "plug",
        title: "API & Microservice Architecture",
        description: "Typed, documented APIs and services with async I/O where throughput matters.",
      },
      {
        icon: "database",
        title: "Data Engineering & Scripting",
        description: "Pipelines with Airflow, dbt and pandas that turn raw data into reliable tables.",
      },
      {
        icon: "gears",
        title: "Python for DevOps & Automation",
        description: "Scripts, CLIs and infrastructure automation that remove repetitive manual work.",
      },
      {
        icon: "gauge",
        title: "Maintenance & Optimization",
        description: "Upgrades to current Python versions, profiling and performance fixes for existing code.",
      },
    ],
    whyDescription:
      "Python is readable, productive and the first language of data and AI. It lets one team build the web product, the data pipeline and the model that powers it.",
    contactSectionId: "pythin-page-contact",
  },
  laravel: {
    name: "Laravel",
    mark: "laravel",
    hero: {
      title: "Hire Laravel Developers",
      description:
        "Laravel and PHP engineers for custom web applications, APIs, eCommerce and upgrades of legacy PHP, onboarded within 72 hours.",
    },
    servicesTitle: "Laravel development services",
    servicesSubtitle: "Modern PHP, done properly",
    services: [
      {
        icon: "laptop",
        title: "Custom Web Application Development",
        description: "Laravel applications with queues, scheduled jobs, policies and thorough feature tests.",
      },
      {
        icon: "plug",
        title: "Laravel API Development",
        description: "REST and GraphQL APIs with Sanctum or Passport authentication and versioned contracts.",
      },
      {
        icon: "cart",
        title: "eCommerce & CMS Solutions",
        description: "Stores and content platforms on Laravel, Statamic or headless CMSs with fast checkout.",
      },
      {
        icon: "migrate",
        title: "Legacy PHP Migration to Laravel",
        description: "Move old PHP code into Laravel step by step, with tests written before anything changes.",
      },
      {
        icon: "wrench",
        title: "Laravel Maintenance & Upgrades",
        description: "Version upgrades, security patches and performance work for Laravel apps in production.",
      },
      {
        icon: "layers",
        title: "Full-Stack Development with Vue.js",
        description: "Laravel back ends with Vue.js or Inertia front ends built by one full-stack team.",
      },
    ],
    whyDescription:
      "Laravel gives PHP teams a mature framework with queues, caching, authentication and testing built in, so products reach the market quickly and stay maintainable.",
    contactSectionId: "laravel-page-contact",
  },
  nodejs: {
    name: "Node.js",
    mark: "nodejs",
    hero: {
      title: "Hire Node.js Developers",
      description:
        "Node.js engineers for APIs, real-time products and serverless back ends, onboarded within 72 hours.",
    },
    servicesTitle: "Node.js development services",
    servicesSubtitle: "JavaScript and TypeScript on the server",
    services: [
      {
        icon: "server",
        title: "Backend API & Microservices",
        description: "Fastify, NestJS and Express services in TypeScript with validation, tests and tracing.",
      },
      {
        icon: "bolt",
        title: "Real-Time App Development",
        description: "Chat, live dashboards and collaboration features over WebSockets and server-sent events.",
      },
      {
        icon: "cloud",
        title: "Serverless App Development",
        description: "AWS Lambda, Azure Functions and Cloudflare Workers back ends that scale to zero.",
      },
      {
        icon: "gauge",
        title: "Node.js Consulting & Optimization",
        description: "Profiling, memory-leak hunting and architecture reviews for Node.js systems under load.",
      },
      {
        icon: "layers",
        title: "MEAN / MERN Stack Development",
        description: "Full-stack products with MongoDB, Express, Angular or React and Node.js.",
      },
      {
        icon: "headset",
        title: "Ongoing Support & Scaling",
        description: "Monitoring, upgrades and capacity planning as your traffic and team grow.",
      },
    ],
    whyDescription:
      "Node.js handles many concurrent connections with little hardware and lets front-end and back-end developers share one language, types and tooling.",
    contactSectionId: "nidejs-page-contact",
  },
  aiml: {
    name: "AI/ML",
    mark: "neural-network",
    hero: {
      title: "Hire AI and Machine Learning Engineers",
      description:
        "Engineers who build, evaluate and deploy machine learning and generative AI systems, onboarded within 72 hours.",
    },
    servicesTitle: "AI and machine learning services",
    servicesSubtitle: "Models that earn their place in production",
    services: [
      {
        icon: "brain",
        title: "Custom AI Model Development",
        description: "Models designed for your data and measured against a baseline agreed with you.",
      },
      {
        icon: "file-code",
        title: "Natural Language Processing",
        description: "Classification, extraction, search and assistants built on language models and your documents.",
      },
      {
        icon: "eye",
        title: "Computer Vision Solutions",
        description: "Detection, inspection and OCR models for images and video, on the edge or in the cloud.",
      },
      {
        icon: "robot",
        title: "AI-Powered Automation",
        description: "Workflows where models do the routine work and people review the exceptions.",
      },
      {
        icon: "tags",
        title: "Data Preparation & Labeling",
        description: "Cleaning, labelling and versioning datasets with quality checks and clear guidelines.",
      },
      {
        icon: "rocket",
        title: "AI Model Deployment & Monitoring",
        description: "Serving, drift detection and retraining pipelines that keep models accurate.",
      },
    ],
    whyDescription:
      "AI and machine learning turn data you already have into forecasts, decisions and automation. With the right engineering, models stay accurate and explainable after launch.",
    contactSectionId: "aiml-page-contact",
  },
  mlops: {
    name: "MLOps",
    mark: "ml-pipeline",
    hero: {
      title: "Hire MLOps Engineers",
      description:
        "MLOps engineers who make machine learning reproducible, deployable and observable, onboarded within 72 hours.",
    },
    servicesTitle: "MLOps services",
    servicesSubtitle: "The path from notebook to production",
    services: [
      {
        icon: "branch",
        title: "Model Deployment Pipelines",
        description: "CI/CD for models: tests, evaluation gates and staged rollout to serving infrastructure.",
      },
      {
        icon: "arrows-rotate",
        title: "Model Versioning & Rollbacks",
        description: "Registries that track data, code and metrics per model, with one-step rollback.",
      },
      {
        icon: "docker",
        title: "Containerization with Docker & Kubernetes",
        description: "Reproducible training and serving images running on autoscaling Kubernetes clusters.",
      },
      {
        icon: "bell",
        title: "Monitoring & Alerting for ML Models",
        description: "Latency, drift and quality monitoring with alerts routed to the right owner.",
      },
      {
        icon: "file-code",
        title: "Infrastructure as Code for ML",
        description: "Terraform for GPUs, feature stores and pipelines, reviewed and repeatable.",
      },
      {
        icon: "users",
        title: "Collaboration & Workflow Automation",
        description: "Shared experiment tracking and automated workflows between data science and engineering.",
      },
    ],
    whyDescription:
      "MLOps brings DevOps discipline to machine learning: every model is versioned, tested and monitored, so data scientists ship more and firefight less.",
    contactSectionId: "mlops-page-contact",
  },
  spring: {
    name: "Spring",
    mark: "spring",
    hero: {
      title: "Hire Spring Boot Developers",
      description:
        "Java and Spring engineers for enterprise applications, microservices and secure APIs, onboarded within 72 hours.",
    },
    servicesTitle: "Spring development services",
    servicesSubtitle: "Enterprise Java, modernised",
    services: [
      {
        icon: "server",
        title: "Enterprise Application Development",
        description: "Spring Boot applications with clean architecture, strong typing and thorough tests.",
      },
      {
        icon: "cubes",
        title: "Spring Microservices Architecture",
        description: "Spring Cloud services with discovery, configuration, resilience and tracing.",
      },
      {
        icon: "plug",
        title: "API Development & Integration",
        description: "REST and messaging integrations with OpenAPI contracts and consumer tests.",
      },
      {
        icon: "cloud",
        title: "Cloud-Native Java Applications",
        description: "Containerised Spring apps tuned for Kubernetes, including native images for fast start-up.",
      },
      {
        icon: "lock",
        title: "Spring Security Implementation",
        description: "OAuth 2.0, OpenID Connect and fine-grained authorisation done right.",
      },
      {
        icon: "gauge",
        title: "Performance Optimization & Support",
        description: "JVM tuning, query optimisation and production support for Spring systems.",
      },
    ],
    whyDescription:
      "Spring is the backbone of enterprise Java: secure, well-supported and proven at scale. Modern Spring Boot makes it fast to build and pleasant to operate.",
    contactSectionId: "spring-contact-page",
  },
};
