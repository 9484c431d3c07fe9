import { routes } from '@hap/contracts';
import { Info } from 'lucide-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { api } from '../lib/api';
import { useDocumentTitle } from '../lib/use-document-title';
import { LoadFailed } from '../pages/LoadFailed';
import { LoadingPanel } from '../pages/LoadingPanel';
import { PageHeader } from '../pages/PageHeader';
import { Funnel, RangeForm, Tiles, rangeOf } from '../results/ResultsPage';
import { ResultsChart } from '../results/ResultsChart';
import { daysIn, previousPeriod, type DayRange } from '../results/results-rules';
import '../results/results.css';
import { portalTitle, usePortalUser } from './portal-auth';

function usePortalResults(range: DayRange) {
  return useQuery({
    queryKey: ['portal', 'results', range.from, range.to],
    queryFn: ({ signal }) => api.call(routes.getPortalResultsSummary, { query: { from: range.from, to: range.to } }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/**
 * The clinic's own results: the admin's Results for this
 * clinic only, over a range compared with the period before.
 */
export function PortalResultsPage() {
  useDocumentTitle(portalTitle('Results'));
  const user = usePortalUser().data;
  const [search, setSearch] = useSearchParams();
  const range = rangeOf(search);
  const summary = usePortalResults(range);
  const before = usePortalResults(previousPeriod(range));
  const update = (next: Partial<DayRange>) => {
    const params = new URLSearchParams(search);
    if (next.from !== undefined) params.set('from', next.from);
    if (next.to !== undefined) params.set('to', next.to);
    setSearch(params, { replace: true });
  };

  return (
    <>
      <PageHeader title="Results" description={`What your ads brought ${user?.clientName ?? 'your clinic'}: visits, leads, bookings and spend.`} />
      <RangeForm range={range} onChange={update} />
      {summary.isPending ? (
        <LoadingPanel label="Loading results..." />
      ) : summary.isError ? (
        <LoadFailed card title="Failed to load results" message={summary.error.message} onRetry={() => void summary.refetch()} />
      ) : (
        <>
          {summary.data.adsNote && (
            <p className="res-note" role="status">
              <Info size={18} aria-hidden />
              <span>{summary.data.adsNote}</span>
            </p>
          )}
          <Tiles now={summary.data} before={before.data ?? null} days={daysIn(range)} />
          <div className="res-grid">
            <section className="adm-card res-card" aria-labelledby="res-days-title">
              <h2 id="res-days-title" className="res-card__title">
                Over time
              </h2>
              <ResultsChart series={summary.data.series} />
            </section>
            <Funnel measures={summary.data} />
          </div>
        </>
      )}
    </>
  );
}
