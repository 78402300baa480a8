import { usePageAnswer } from "~/components/forms/form-answer";
import { careersDataId, careersDataJson, type CareersData } from "./careers-data";

/**
 * The page's careers data, which its islands read in the browser. A page that answers a form post
 * runs no script (docs/decisions/060), so it carries none.
 */
export function CareersDataBlock({ data }: { data: CareersData }) {
  if (usePageAnswer()) return null;
  return (
    <script type="application/json" id={careersDataId} dangerouslySetInnerHTML={{ __html: careersDataJson(data) }} />
  );
}
