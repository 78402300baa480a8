/** The head of a role's page (and of its 410 and 404 answers): the route's meta and the server's. */
import { careerPath, rolePath } from "@contracts/careers/roles";
import { roleMetaDescription, roleTitle } from "@contracts/careers/role-summary";
import type { MetaDescriptor } from "react-router";
import { officeIn } from "~/content/company-pages";
import { careerWords } from "~/content/careers";
import { breadcrumbList, jobPosting } from "~/lib/json-ld";
import { pageMeta } from "~/lib/seo";
import { company } from "~/site/company";
import type { RoleRouteData } from "./careers-data";

export function roleMeta(data: RoleRouteData): MetaDescriptor[] {
  if (data.kind === "missing") {
    return [{ title: `Page not found | ${company.shortName}` }, { name: "robots", content: "noindex" }];
  }
  if (data.kind === "gone") {
    return [{ title: `${careerWords.goneTitle} | ${company.shortName}` }, { name: "robots", content: "noindex" }];
  }
  const { role } = data;
  const path = rolePath(role.slug);
  return pageMeta({
    path,
    title: roleTitle(role),
    description: roleMetaDescription(role.summary, role, company.shortName),
    jsonLd: [
      jobPosting(role, officeIn, path),
      breadcrumbList([
        { name: "Home", path: "/" },
        { name: "Career", path: careerPath },
        { name: role.title, path },
      ]),
    ],
  });
}
