import type { CareersPageInput } from "@contracts/careers/pages-renderer";
import type { FormAnswer } from "@contracts/form-answers";
import type { SiteContent } from "@contracts/content/site-context";

// What the server passes React Router's request handler for the pages it renders per request
// (SiteLoadContext in contracts/careers/pages-renderer.ts).
declare module "react-router" {
  interface AppLoadContext {
    careers?: CareersPageInput;
    formAnswer?: FormAnswer;
    content?: SiteContent;
  }
}
