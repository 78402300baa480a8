/**
 * The server's renderer of the careers pages: the routes' own components and meta, rendered
 * with react-dom/server from the roles the server passes. Built into build/careers/pages.js by
 * vite.careers.config.ts; the server (server/careers/) splices the output into the prerendered
 * templates. See docs/decisions/032-careers-pages-from-the-server.md.
 */
import type { CareersRenderer, RenderedParts, RenderedRole } from "@contracts/careers/pages-renderer";
import type { ReactNode } from "react";
import { renderToStaticMarkup, renderToString } from "react-dom/server";
import type { MetaDescriptor } from "react-router";
import { MemoryRouter } from "react-router";
import { roleTemplatePath } from "~/site/pages";
import { listFilter, roleSummary, type CareerListData, type RoleRouteData } from "./careers-data";
import { HeadTags } from "./head-tags";
import { OpenRoles } from "./open-roles";
import { RolePage } from "./role-page";
import { roleMeta } from "./role-meta";
import { rolePageData, sampleListData, sampleRoleData } from "./sample-data";

/*
 * renderToString, as the prerender renders the page, so the markup (and React's text separators
 * between adjacent texts) is byte for byte what hydration expects. Head tags have no text
 * siblings and come out the same either way.
 */
const body = (node: ReactNode) => renderToString(<MemoryRouter>{node}</MemoryRouter>);
const tags = (descriptors: readonly MetaDescriptor[]) => renderToStaticMarkup(<HeadTags descriptors={descriptors} />);

const listParts = (data: CareerListData): RenderedParts => ({
  body: body(<OpenRoles data={data} />),
  head: "",
  scripts: "",
});
function roleParts(data: RoleRouteData): RenderedParts {
  const meta = roleMeta(data);
  const isScript = (d: MetaDescriptor) => "script:ld+json" in d;
  return {
    body: body(<RolePage data={data} />),
    head: tags(meta.filter((d) => !isScript(d))),
    scripts: tags(meta.filter(isScript)),
  };
}

function listData(roles: readonly RenderedRole[], query: Record<string, string | string[] | undefined>) {
  const summaries = roles.map(roleSummary);
  return { kind: "list", roles: summaries, filter: listFilter(query, summaries) } satisfies CareerListData;
}

export const renderer: CareersRenderer = {
  templates: { list: "/career", role: roleTemplatePath },
  sample: { list: listParts(sampleListData()), role: roleParts(sampleRoleData()) },
  list: (roles, query) => listParts(listData(roles, query)),
  role: (role) => roleParts(rolePageData(role)),
  gone: (title) => roleParts({ kind: "gone", title }),
  missing: () => roleParts({ kind: "missing" }),
};
