import { routes } from '@hap/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../lib/api';
import { useDocumentTitle } from '../lib/use-document-title';
import { PageHeader } from '../pages/PageHeader';
import { RangeForm, ResultsOverview, useRangeSearch } from '../results/ResultsOverview';
import { SpeedToLeadCard } from '../results/SpeedToLeadCard';
import { previousPeriod, type DayRange } from '../results/results-rules';
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
  const { range, update } = useRangeSearch();
  const summary = usePortalResults(range);
  const before = usePortalResults(previousPeriod(range));

  return (
    <>
      <PageHeader title="Results" description={`What your ads brought ${user?.clientName ?? 'your clinic'}: visits, leads, bookings and spend.`} />
      <RangeForm range={range} onChange={update} />
      <ResultsOverview summary={summary} before={before} range={range} />
      <SpeedToLeadCard range={range} clientId="portal" />
    </>
  );
}
