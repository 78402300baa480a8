import { sourceFields } from "@contracts/lead-source";
import { useLocation } from "react-router";
import { normalizePath } from "~/site/current-page";

/**
 * The page the form is sent from, as a hidden input: the prerendered HTML already holds its own
 * path, so a browser posting the form itself (no JavaScript) sends it too; with JavaScript the same
 * input is read (lib/lead-source.ts). A form the server returns keeps the path it was sent from.
 */
export function SourcePathField({ returned }: { returned?: string }) {
  const { pathname } = useLocation();
  return <input type="hidden" name={sourceFields.path} value={returned ?? normalizePath(pathname)} />;
}
