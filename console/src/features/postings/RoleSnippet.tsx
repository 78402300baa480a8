import { descriptionSummary, roleMetaDescription, roleTitle } from "@contracts/careers/role-summary";
import { seoLimits } from "@contracts/content/seo";
import { lengthVerdict } from "../content/seo/snippet";
import { SnippetPreview } from "../content/seo/SnippetPreview";
import "../content/seo/seo.css";

/** What the site writes after every page title (app/site/company.ts shortName), as the content editor shows it. */
const siteName = "Altiva Cloud";

/**
 * The role's page as a search result (issue 44): the address, the title and the meta description
 * the site derives from the description, by the site's own functions (contracts/careers/role-summary.ts),
 * so a link sentence left out of the page's description is left out here too. Nothing here is a
 * field: the counters say how a result will cut what the title and description make.
 */
export function RoleSnippet(props: { title: string; offices: readonly string[]; description: string; url: string }) {
  const summary = descriptionSummary(props.description);
  const title = props.title.trim() ? roleTitle({ title: props.title.trim(), offices: props.offices }) : "";
  const description = roleMetaDescription(summary, { title: props.title.trim(), offices: props.offices }, siteName);
  const titleCount = lengthVerdict(title ? `${title} | ${siteName}`.length : 0, 1, seoLimits.titleMax);
  const descriptionCount = lengthVerdict(description.length, seoLimits.descriptionMin, seoLimits.descriptionMax);
  return (
    <section className="role-snippet" aria-labelledby="r-snippet-heading">
      <h2 id="r-snippet-heading">In search results and shared links</h2>
      <SnippetPreview title={title} description={description} url={props.url} siteName={siteName} />
      <p className={titleCount.ok ? "seo-count" : "seo-count error"}>
        Page title: {titleCount.text}
        {!titleCount.ok && title && "; a result cuts it at a word"}.
      </p>
      <p className={descriptionCount.ok ? "seo-count" : "seo-count error"}>Description: {descriptionCount.text}.</p>
      <p className="hint">
        {summary
          ? "The first paragraph of the description, without its sentences that hold a link, as the page's meta and og:description."
          : "No sentence of the description's paragraphs is free of links, so the page describes itself by its title and offices. Start the description with a sentence about the role."}
      </p>
    </section>
  );
}
