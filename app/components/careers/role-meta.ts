/** The head of a role's page (and of its 410 and 404 answers): the route's meta and the server's. */
import { careerPath, rolePath, type JobPosting } from "@contracts/careers/roles";
import type { MetaDescriptor } from "react-router";
import { officeIn } from "~/content/company-pages";
import { careerWords } from "~/content/careers";
import { breadcrumbList, jobPosting } from "~/lib/json-ld";
import { pageMeta } from "~/lib/seo";
import { company } from "~/site/company";
import type { RoleRouteData } from "./careers-data";

/** A role page's title, before the company's name: the role and its offices. */
export const roleTitle = (role: Pick<JobPosting, "title" | "offices">) => `${role.title}, ${role.offices.join(" / ")}`;

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
    // A description whose first paragraphs are all links still gets words of its own.
    description: role.summary || `${role.title} at ${company.shortName}, ${role.offices.join(" / ")}.`,
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
