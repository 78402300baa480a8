import type { SharePictureOf } from "@contracts/careers/pages-renderer";
import { careerPath, rolePath } from "@contracts/careers/roles";
import { data, useLoaderData } from "react-router";
import { documentNavigation } from "~/components/careers/document-navigation";
import type { RoleRouteData } from "~/components/careers/careers-data";
import { roleMeta } from "~/components/careers/role-meta";
import { roleTitle } from "@contracts/careers/role-summary";
import { RolePage } from "~/components/careers/role-page";
import { rolePageData } from "~/components/careers/page-data";
import type { ClosingCtaHandle } from "~/components/sections/cta-band";
import { sharePictureContent } from "~/lib/share-image";
import type { Route } from "./+types/career-role";
import { formAnswerAction } from "~/components/forms/form-answer";
import { pageTitle, titleForPath } from "~/lib/seo";

/** The page ends in its own call to action, so the layout adds no closing band (decision 042). */
export const handle: ClosingCtaHandle = { closingCta: false };

/**
 * /career/<slug>: rendered per request by the server (server/careers/, docs/decisions/055), never
 * prerendered. The server decides from the database what the address is (an open role, one that
 * was public and is gone, or nothing public) and hands it in the load context.
 */
export function loader({ context }: Route.LoaderArgs) {
  const input = context.careers;
  const page = (content: RoleRouteData, status = 200) => data(content, { status });
  switch (input?.kind) {
    case "role":
      try {
        return page(rolePageData(input.role, input.positions));
      } catch {
        // A description the Markdown renderer cannot take (saved before saves were checked):
        // the server answers its own short page for a 500.
        throw data(null, { status: 500 });
      }
    case "gone":
      return page({ kind: "gone", title: input.title }, 410);
    case "missing":
      return page({ kind: "missing" }, 404);
    default:
      throw new Error("/career/<slug> is rendered by the server, with the role in its context");
  }
}

export const clientLoader = documentNavigation;

/** An application posted from the role's page without JavaScript is answered on it (form-answer.tsx). */
export const action = formAnswerAction(({ context }) =>
  context.careers?.kind === "role" ? pageTitle(roleTitle(context.careers.role)) : titleForPath(careerPath),
);

export const meta = ({ loaderData }: { loaderData: RoleRouteData | undefined }) =>
  loaderData ? roleMeta(loaderData) : [];

// The loader's data: the clientLoader only ever redirects (document-navigation.ts).
export default function CareerRolePage() {
  return <RolePage data={useLoaderData<typeof loader>()} />;
}

/** What an open role's share picture says (its page's og:image, drawn by the server). */
export const sharePicture: SharePictureOf = (role) => sharePictureContent(rolePath(role.slug), roleTitle(role));
