import { download } from "../../api";
import { DownloadButtons } from "../../ui/DownloadButtons";
import { filterBody, type Filters } from "./inbox-filters";

/**
 * Export of the filtered view (every page of it) as the CLI writes it, CSV or JSON, with each
 * row's status and notes. Fetched and saved by the page (api.ts `download`): the filters travel
 * in the body, never the address, and an expired session leads to the sign-in page instead of
 * a bare error answer.
 */
export function ExportButtons({ filters }: { filters: Filters }) {
  const exportAs = (format: "csv" | "json") => async () => {
    await download("export", { ...filterBody(filters), format });
  };
  return (
    <DownloadButtons
      className="export"
      actions={[
        { label: "Export CSV", run: exportAs("csv") },
        { label: "Export JSON", run: exportAs("json") },
      ]}
    />
  );
}
