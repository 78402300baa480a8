/**
 * The collections whose editor is built: their list pages have a "New" action and their items
 * open in the editor. A collection the API names without a form here still gets its list page
 * (title, status, who and when), so it shows up in the console as soon as it lands; its editor is
 * a fields component (CaseStudyFields.tsx, InsightFields.tsx, TeamFields.tsx, PortfolioFields.tsx,
 * ProofFields.tsx) and a mapping of its draft to form values and back (case-study-form.ts, …,
 * proof-forms.ts), named here.
 */
import type { ImageAnswer } from "@contracts/content/image";
import type { CollectionName } from "@contracts/content/items";
import type { ComponentType } from "react";
import { CaseStudyFields } from "./CaseStudyFields";
import { draftOf, emptyCaseStudy, formOf, formText } from "./case-study-form";
import { InsightFields } from "./InsightFields";
import { emptyInsight, insightDraftOf, insightFormOf, insightText } from "./insight-form";
import type { IssueMap } from "./issue-words";
import { PortfolioFields } from "./PortfolioFields";
import { emptyPortfolioItem, portfolioDraftOf, portfolioFormOf, portfolioText } from "./portfolio-form";
import { ClientLogoFields, PartnerBadgeFields, TestimonialFields } from "./ProofFields";
import { clientLogoForms, partnerBadgeForms, testimonialForms } from "./proof-forms";
import { TeamFields } from "./TeamFields";
import { emptyTeamMember, teamDraftOf, teamFormOf, teamText } from "./team-form";

/** What the edit page itself reads of any form: the title (its heading) and the address. */
export interface EditorForm {
  title: string;
  slug: string;
}

export interface FieldsProps<F> {
  form: F;
  onForm: (change: (form: F) => F) => void;
  issues: IssueMap;
  /** Changes when the page loads another version: the rich-text editors read their value once. */
  editorKey: string;
  /** The item's address on the site, absolute (the snippet preview). */
  url: string;
  /** A rich-text body's pause in typing: the page saves what waits. */
  onBodyPause: () => Promise<void>;
}

export interface CollectionEditor<F extends EditorForm> {
  empty(today: string): F;
  /** The form of a stored draft; `heroImage`, its picture (hero, photo or image), as the images API answers it (null: none, or gone). */
  formOf(draft: Record<string, unknown>, heroImage: ImageAnswer | null): F;
  draftOf(form: F): Record<string, unknown>;
  /** The form as plain text, kept through a conflict. */
  formText(form: F): string;
  Fields: ComponentType<FieldsProps<F>>;
}

/**
 * One collection's editor as the page holds it. The page only ever hands an editor the forms that
 * editor made (its `empty` or `formOf`, changed by its own Fields), so widening is sound.
 */
const editor = <F extends EditorForm>(e: CollectionEditor<F>) => e as unknown as CollectionEditor<EditorForm>;

export const collectionEditors: Partial<Record<CollectionName, CollectionEditor<EditorForm>>> = {
  "case-studies": editor({ empty: emptyCaseStudy, formOf, draftOf, formText, Fields: CaseStudyFields }),
  insights: editor({
    empty: emptyInsight,
    formOf: insightFormOf,
    draftOf: insightDraftOf,
    formText: insightText,
    Fields: InsightFields,
  }),
  team: editor({
    empty: emptyTeamMember,
    formOf: teamFormOf,
    draftOf: teamDraftOf,
    formText: teamText,
    Fields: TeamFields,
  }),
  portfolio: editor({
    empty: emptyPortfolioItem,
    formOf: portfolioFormOf,
    draftOf: portfolioDraftOf,
    formText: portfolioText,
    Fields: PortfolioFields,
  }),
  testimonials: editor({ ...testimonialForms, Fields: TestimonialFields }),
  "client-logos": editor({ ...clientLogoForms, Fields: ClientLogoFields }),
  "partner-badges": editor({ ...partnerBadgeForms, Fields: PartnerBadgeFields }),
};

export const editableCollections: ReadonlySet<string> = new Set(Object.keys(collectionEditors));
