import { keepSample, sampleOf } from "~/components/careers/build-sample";
import { documentNavigation } from "~/components/careers/document-navigation";
import { readCareersData, type RoleRouteData } from "~/components/careers/careers-data";
import { roleMeta } from "~/components/careers/role-meta";
import { RolePage } from "~/components/careers/role-page";
import { sampleRoleData } from "~/components/careers/sample-data";
import type { ClosingCtaHandle } from "~/components/sections/cta-band";

/** The page ends in its own call to action, so the layout adds no closing band (decision 042). */
export const handle: ClosingCtaHandle = { closingCta: false };

/**
 * /career/<slug>: prerendered once, at a template address no slug can take (roleTemplatePath),
 * with the first role as a sample. The server answers every role's address from that template,
 * rendering the role of the database into it per request (server/careers/). The loader runs at
 * build time only: it hands the sample to the prerender (build-sample.ts) and returns nothing.
 */

export function loader() {
  return keepSample(sampleRoleData());
}

export const clientLoader = documentNavigation;

/** The role, gone or missing page the server rendered, from the page; at build time, the sample. */
function roleData(): RoleRouteData {
  return import.meta.env.SSR ? sampleOf("role") : readCareersData(["role", "gone", "missing"]);
}

export const meta = () => roleMeta(roleData());

export default function CareerRolePage() {
  return <RolePage data={roleData()} />;
}
