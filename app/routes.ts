import { type RouteConfig, route } from "@react-router/dev/routes";
import { collections, type Collection } from "./content/collections";
import { pages, type PageEntry, type Template } from "./site/pages";

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
  "insight-list": "routes/insight-list.tsx",
  "collection-list": "routes/collection-list.tsx",
  portfolio: "routes/portfolio.tsx",
  team: "routes/team.tsx",
  about: "routes/about.tsx",
};

/** A route per page of the page table. Pages that share a template get the path as id, since a module may appear only once per id. */
export const pageRoutes = (table: readonly PageEntry[] = pages) =>
  table.map((page) => route(page.path, templateFiles[page.template], { id: page.path }));

/** Each content collection's item pages, group pages and feed (app/content/collections.ts). */
export const collectionRoutes = (list: readonly Collection[] = collections) =>
  list.flatMap((c) => [
    route(`${c.itemsUnder}:id`, c.itemTemplate ?? "routes/collection-item.tsx", { id: `${c.name}/item` }),
    ...(c.groups ? [route(`${c.groups.under}:group`, c.groups.template, { id: `${c.name}/group` })] : []),
    ...(c.feed ? [route(c.feed.path, "routes/collection-feed.ts", { id: `${c.name}/feed` })] : []),
  ]);

export default [
  ...pageRoutes(),
  // One role's page; its address is answered by the server from a template (app/site/prerender.ts).
  route("/career/:slug", "routes/career-role.tsx"),
  ...collectionRoutes(),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
