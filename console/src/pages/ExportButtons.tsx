import { useState } from "react";
import { download } from "../api";
import { filterBody, type Filters } from "./inbox-filters";

/**
 * Export of the filtered view (every page of it) as the CLI writes it, CSV or JSON, with each
 * row's status and notes. Fetched and saved by the page (api.ts `download`): the filters travel
 * in the body, never the address, and an expired session leads to the sign-in page instead of
 * a bare error answer.
 */
export function ExportButtons({ filters }: { filters: Filters }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");

  async function exportAs(format: "csv" | "json") {
    setBusy(true);
    setError("");
    try {
      await download("export", { ...filterBody(filters), format });
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="export">
      <button type="button" onClick={() => void exportAs("csv")} disabled={busy}>
        Export CSV
      </button>
      <button type="button" onClick={() => void exportAs("json")} disabled={busy}>
        Export JSON
      </button>
      <div aria-live="polite">
        {error && (
          <p className="error" role="alert">
            {error}
          </p>
        )}
      </div>
    </div>
  );
}
