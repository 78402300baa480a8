/**
 * The server's renderer of the careers pages: the routes' own components and meta, rendered
 * with react-dom/server from the roles the server passes. Built into build/careers/pages.js by
 * vite.careers.config.ts; the server (server/careers/) splices the output into the prerendered
 * templates. See docs/decisions/032-careers-pages-from-the-server.md.
 */
import type { CareersRenderer, RenderedParts, RenderedRole } from "@contracts/careers/pages-renderer";
import { rolePath } from "@contracts/careers/roles";
import type { ReactNode } from "react";
import { renderToStaticMarkup, renderToString } from "react-dom/server";
import type { MetaDescriptor } from "react-router";
import { MemoryRouter } from "react-router";
import { sharePictureContent } from "~/lib/share-image";
import { roleTemplatePath } from "~/site/pages";
import { listFilter, roleSummary, type CareerListData, type RoleRouteData } from "./careers-data";
import { HeadTags } from "./head-tags";
import { OpenRoles } from "./open-roles";
import { RolePage } from "./role-page";
import { roleMeta, roleTitle } from "./role-meta";
import { rolePageData, sampleListData, sampleRoleData } from "./sample-data";

/*
 * renderToString, as the prerender renders the page, so the markup (and React's text separators
 * between adjacent texts) is byte for byte what hydration expects. Head tags have no text
 * siblings and come out the same either way.
 */
const body = (node: ReactNode) => renderToString(<MemoryRouter>{node}</MemoryRouter>);
const tags = (descriptors: readonly MetaDescriptor[]) => renderToStaticMarkup(<HeadTags descriptors={descriptors} />);

/**
 * The form's position choices as the route renders them inside its <select> (SelectField: the
 * placeholder, then one <option> per position): /career's form is below the perks, outside the
 * open roles' section, so its choices are a part of their own.
 */
const choices = (positions: readonly string[]) =>
  renderToStaticMarkup(
    <>
      {positions.map((p) => (
        <option key={p} value={p}>
          {p}
        </option>
      ))}
    </>,
  );

const listParts = (data: CareerListData): RenderedParts => ({
  body: body(<OpenRoles data={data} />),
  head: "",
  scripts: "",
  choices: choices(data.positions),
});
function roleParts(data: RoleRouteData): RenderedParts {
  const meta = roleMeta(data);
  const isScript = (d: MetaDescriptor) => "script:ld+json" in d;
  return {
    body: body(<RolePage data={data} />),
    head: tags(meta.filter((d) => !isScript(d))),
    scripts: tags(meta.filter(isScript)),
    // The role's page holds its form inside the body.
    choices: "",
  };
}

function listData(
  roles: readonly RenderedRole[],
  query: Record<string, string | string[] | undefined>,
  positions: readonly string[],
) {
  const summaries = roles.map(roleSummary);
  return {
    kind: "list",
    roles: summaries,
    filter: listFilter(query, summaries),
    positions: [...positions],
  } satisfies CareerListData;
}

export const renderer: CareersRenderer = {
  templates: { list: "/career", role: roleTemplatePath },
  sample: { list: listParts(sampleListData()), role: roleParts(sampleRoleData()) },
  list: (roles, query, positions) => listParts(listData(roles, query, positions)),
  role: (role, positions) => roleParts(rolePageData(role, positions)),
  gone: (title) => roleParts({ kind: "gone", title }),
  missing: () => roleParts({ kind: "missing" }),
  sharePicture: (role) => sharePictureContent(rolePath(role.slug), roleTitle(role)),
};
