import { ChevronLeft, ChevronRight } from 'lucide-react';

/** Previous / Next through the list's pages, with where the admin is ('21–40 of 57 clients'). */
export function ClientsPager({
  page,
  pageSize,
  pageCount,
  total,
  shown,
  onPage,
}: {
  page: number;
  pageSize: number;
  pageCount: number;
  total: number;
  shown: number;
  onPage: (page: number) => void;
}) {
  const first = (page - 1) * pageSize + 1;
  return (
    <nav className="cli-pager" aria-label="Client pages">
      <p className="cli-pager__summary" role="status">
        {shown === 0 ? `0 of ${total}` : `${first}–${first + shown - 1} of ${total}`} {total === 1 ? 'client' : 'clients'}
      </p>
      <div className="cli-pager__buttons">
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
