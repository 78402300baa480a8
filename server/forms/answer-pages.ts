/**
 * The pages the server answers a browser's own form post with (docs/decisions/060): the form's own
 * route (/contact, /feedback, /career or a role's page), rendered by the site's server build
 * (build/server/site.js) with the server's answer in the load context. The route's action returns
 * it and the page shows it in the form's place with the same form components, so the page around
 * it (header, footer, the site's look) is React's own output; no script runs on it.
 */
import type { CareersPageInput } from "../../contracts/careers/pages-renderer";
import type { FormAnswer, FormKind, ReturnedForm } from "../../contracts/form-answers";
import type { FormDefinition } from "../../contracts/forms/index";
import type { SiteRenderer } from "../render/site-render";

/** Which page answers: a form route's path, with the careers pages' data when it is one of them. */
export interface AnswerPlace {
  path: string;
  careers?: CareersPageInput;
}

export interface AnswerPages {
  /**
   * The form again with the visitor's values, each field's message and a summary at the top; its
   * fields are the definition's (the kind's own unless one is given). `around`: the page to answer
   * on (a role's page, the careers page as it reads now); by default the kind's own page.
   */
  invalid(
    kind: FormKind,
    form: ReturnedForm,
    definition?: FormDefinition,
    around?: AnswerPlace,
  ): Promise<string> | string;
  /** The confirmation in the form's place. */
  success(kind: FormKind, message: string, around?: AnswerPlace): Promise<string> | string;
  /** Origins other than the site's that the forms post to (API hosts set at build time). */
  apiOrigins: readonly string[];
}

/** The answer pages as the site's server build renders them. */
export function answerPagesOf(site: SiteRenderer): AnswerPages {
  const render = async (answer: FormAnswer, around?: AnswerPlace) => {
    const place = around ?? { path: site.formPages.pages[answer.kind] };
    return (await site.renderAnswer(place.path, answer, place.careers && { careers: place.careers })).html;
  };
  return {
    invalid: (kind, form, definition, around) => render({ kind, outcome: "returned", form, definition }, around),
    success: (kind, message, around) => render({ kind, outcome: "sent", message }, around),
    apiOrigins: site.formPages.apiOrigins,
  };
}
