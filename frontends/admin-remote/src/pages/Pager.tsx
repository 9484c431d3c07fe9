import { ChevronLeft, ChevronRight } from 'lucide-react';

/** Previous / Next through a list's pages, with where the admin is ('21–40 of 57 clients'). */
export function Pager({
  label,
  noun,
  page,
  pageSize,
  pageCount,
  total,
  shown,
  onPage,
}: {
  /** The navigation's accessible name ('Client pages'). */
  label: string;
  /** What the list holds, singular and plural ('client', 'clients'). */
  noun: [string, string];
  page: number;
  pageSize: number;
  pageCount: number;
  total: number;
  shown: number;
  onPage: (page: number) => void;
}) {
  const first = (page - 1) * pageSize + 1;
  return (
    <nav className="adm-pagination" aria-label={label}>
      <p className="adm-pagination__summary" role="status">
        {shown === 0 ? `0 of ${total}` : `${first}–${first + shown - 1} of ${total}`} {total === 1 ? noun[0] : noun[1]}
      </p>
      <div className="adm-pagination__buttons">
        <button type="button" className="adm-button adm-button--secondary" disabled={page <= 1} onClick={() => onPage(Math.min(page - 1, pageCount))}>
          <ChevronLeft size={16} aria-hidden />
          Previous
        </button>
        <span className="adm-muted">
          Page {page} of {pageCount}
        </span>
        <button type="button" className="adm-button adm-button--secondary" disabled={page >= pageCount} onClick={() => onPage(page + 1)}>
          Next
          <ChevronRight size={16} aria-hidden />
        </button>
      </div>
    </nav>
  );
}

/** Where a paged answer of the API stands, as the Pager takes it: `<Pager {...pagerFigures(answer)} … />`. */
export const pagerFigures = (paged: { items: readonly unknown[]; page: number; pageSize: number; pageCount: number; total: number }) => ({
  page: paged.page,
  pageSize: paged.pageSize,
  pageCount: paged.pageCount,
  total: paged.total,
  shown: paged.items.length,
});
