import { NotFoundSection } from "~/components/sections/not-found-section";
import { company } from "~/site/company";

export const meta = () => [{ title: `Page not found | ${company.shortName}` }, { name: "robots", content: "noindex" }];

export default function NotFoundPage() {
  return <NotFoundSection />;
}
