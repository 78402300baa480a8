/** Previous and next page of a list the server pages (the inbox, the audit log). */
export function Pager(props: { page: number; hasMore: boolean; onPage: (page: number) => void }) {
  const { page, hasMore, onPage } = props;
  return (
    <nav className="pager" aria-label="Pages">
      <button type="button" disabled={page === 1} onClick={() => onPage(page - 1)}>
        Previous page
      </button>
      <span>Page {page}</span>
      <button type="button" disabled={!hasMore} onClick={() => onPage(page + 1)}>
        Next page
      </button>
    </nav>
  );
}
