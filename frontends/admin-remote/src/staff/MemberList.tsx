import type { UseQueryResult } from '@tanstack/react-query';
import { UserRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { LoadingPanel } from '../pages/LoadingPanel';

/**
 * The list side of the team and the portal users (docs/admin.md#staff): the heading with the count,
 * then loading, the error, the empty state in the caller's words, or the rows.
 */
export function MemberList<T>({
  id,
  title,
  query,
  loading,
  failed,
  empty,
  children,
}: {
  /** The heading's id, which names the section. */
  id: string;
  title: string;
  query: UseQueryResult<T[]>;
  loading: string;
  /** Before the error's message, e.g. 'Error loading users'. */
  failed: string;
  empty: ReactNode;
  children: (items: T[]) => ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="stf-list">
      <h3 id={id} className="stf-heading">
        {title} {query.data && <span className="adm-badge">{query.data.length}</span>}
      </h3>
      {query.isPending ? (
        <LoadingPanel label={loading} />
      ) : query.isError ? (
        <p className="stf-error" role="alert">
          {failed}: {query.error.message}
        </p>
      ) : query.data.length === 0 ? (
        <p className="stf-empty">
          <UserRound size={20} aria-hidden />
          {empty}
        </p>
      ) : (
        <ul className="stf-members">{children(query.data)}</ul>
      )}
    </section>
  );
}
