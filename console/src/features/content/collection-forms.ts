/**
 * The collections whose editor is built: their list pages have a "New" action and their items
 * open in the editor. A collection the API names without a form here still gets its list page
 * (title, status, who and when), so it shows up in the console as soon as it lands; its fields
 * are a component like CaseStudyFields.tsx and a mapping like case-study-form.ts.
 */
import type { CollectionName } from "@contracts/content/items";

export const editableCollections: ReadonlySet<string> = new Set<CollectionName>(["case-studies"]);
