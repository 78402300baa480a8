import { type RouteConfig, route } from "@react-router/dev/routes";
import { pages, type Template } from "./site/pages";

/** The route module that renders each page kind. */
const templateFiles: Record<Template, string> = {
  home: "routes/home.tsx",
  "services-overview": "routes/services-overview.tsx",
  service: "routes/service.tsx",
  "technology-overview": "routes/technology-overview.tsx",
  technology: "routes/technology.tsx",
  legal: "routes/legal.tsx",
  "cookie-settings": "routes/cookie-settings.tsx",
  feedback: "routes/feedback.tsx",
  contact: "routes/contact.tsx",
  career: "routes/career.tsx",
  "case-study-list": "routes/case-study-list.tsx",
  portfolio: "routes/portfolio.tsx",
  team: "routes/team.tsx",
  about: "routes/about.tsx",
};

export default [
  // Pages that share a template get the path as id, since a module may appear only once per id.
  ...pages.map((page) => route(page.path, templateFiles[page.template], { id: page.path })),
  // One role's page; its address is answered by the server from a template (app/site/prerender.ts).
  route("/career/:slug", "routes/career-role.tsx"),
  route("/case-studies/:id", "routes/case-study.tsx"),
  route("/case-studies/category/:category", "routes/case-study-category.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
