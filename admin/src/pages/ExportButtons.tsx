import type { Filters } from "./InboxPage";

/**
 * Export of the filtered view as the CLI writes it (CSV or JSON). A form post, so the browser
 * saves the answer as a file and the filters travel in the body, not the address.
 */
export function ExportButtons({ filters }: { filters: Filters }) {
  return (
    <form className="export" method="post" action="/admin/api/export">
      {Object.entries(filters).map(([name, value]) =>
        value ? <input key={name} type="hidden" name={name} value={value} /> : null,
      )}
      <span>Export this view:</span>
      <button type="submit" name="format" value="csv">
        CSV
      </button>
      <button type="submit" name="format" value="json">
        JSON
      </button>
    </form>
  );
}
