import { sourceFields } from "@contracts/lead-source";
import { useLocation } from "react-router";
import { normalizePath } from "~/site/current-page";
import type { FormInitial } from "./use-form-submission";

/**
 * The page the form is sent from, as a hidden input: the prerendered HTML already holds its own
 * path, so a browser posting the form itself (no JavaScript) sends it too; with JavaScript the same
 * input is read (lib/lead-source.ts). A form the server returns is rendered away from its page, so
 * it carries the path it was sent from (path-shaped only: server/forms/browser-answers.ts) or none.
 */
export function SourcePathField({ initial }: { initial?: FormInitial }) {
  const { pathname } = useLocation();
  const path = initial ? initial.values[sourceFields.path] : normalizePath(pathname);
  return path ? <input type="hidden" name={sourceFields.path} value={path} /> : null;
}
