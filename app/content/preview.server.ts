import type { AppLoadContext } from "react-router";

/**
 * Whether the server renders this page as a preview of a draft (/preview/<token>): a page that
 * shows a stored collection's items (the team, the portfolio) then says noindex (decision 078).
 */
export function isPreview(context: AppLoadContext | undefined): boolean {
  return context?.content?.preview !== undefined;
}
