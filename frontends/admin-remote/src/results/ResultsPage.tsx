import { GOOGLE_ADS_AUTH_PAGE, RESULTS_BREAKDOWNS, type PerformanceAccount, type ResultsBreakdownBy } from '@hap/contracts';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ClinicSelect } from '../clients/ClinicSelect';
import { useLaunchLog } from '../google-ads/ads-query';
import { LaunchedCampaignControls } from '../google-ads/LaunchedCampaignControls';
import { useClients } from '../clients/clients-query';
import { adminTitle, useDocumentTitle } from '../lib/use-document-title';
import { LoadFailed } from '../pages/LoadFailed';
import { LoadingPanel } from '../pages/LoadingPanel';
import { PageHeader } from '../pages/PageHeader';
import { Tabs } from '../pages/Tabs';
import { useResultsBreakdown, useResultsSummary } from './results-query';
import { breakdownCsv, breakdownMeasures, formatRate, previousPeriod } from './results-rules';
import { RangeForm, ResultsOverview, useRangeSearch } from './ResultsOverview';
import { TableHead } from '../pages/TableHead';
import { RecommendationsCard } from './RecommendationsCard';
import { RefreshNow } from './RefreshNow';
import { BudgetPacingCard } from './BudgetPacingCard';
import { SpeedToLeadCard } from './SpeedToLeadCard';
import './results.css';

const BREAKDOWN_LABELS: Record<ResultsBreakdownBy, string> = { service: 'Service', campaign: 'Campaign', variant: 'Variant', source: 'Source' };
const BREAKDOWN_TABS = (['service', 'campaign', 'variant', 'source'] as const).filter((b) => RESULTS_BREAKDOWNS.includes(b)).map((id) => ({ id, label: BREAKDOWN_LABELS[id] }));

/**
 * Results: what the money bought, agency-wide or for one
 * clinic (?client=), over a range compared with the period before: tiles,
 * the days as a chart with its table, the funnel, and a table by service,
 * campaign, variant or source with a CSV export.
 */
export function ResultsPage() {
  useDocumentTitle(adminTitle('Results'));
  const { search, range, update: updateRange } = useRangeSearch();
  const clients = useClients();
  const clientParam = Number(search.get('client'));
  const clientId = Number.isInteger(clientParam) && clientParam > 0 ? clientParam : null;
  const [by, setBy] = useState<ResultsBreakdownBy>('service');
  const columns = breakdownMeasures(by);
  // A clinic's campaign rows offer Pause, Resume and Budget, as its launch log does (docs/campaigns.md#campaigns-after-launch).
  const launches = useLaunchLog(clientId ?? 0, clientId !== null && by === 'campaign');
  const controlsOf = (campaignId: string) => {
    const launch = launches.data?.find((l) => l.googleAdsCampaignId === campaignId);
    return launch ? <LaunchedCampaignControls launch={launch} /> : <span className="adm-muted">Not launched from here</span>;
  };
  const controls = clientId !== null && by === 'campaign';

  const summary = useResultsSummary(range, clientId);
  const before = useResultsSummary(previousPeriod(range), clientId);
  const breakdown = useResultsBreakdown(by, range, clientId);
  const clinicName = clientId === null ? null : (clients.data?.find((c) => c.id === clientId)?.name ?? `Client ${clientId}`);

  const update = ({ client, ...next }: { client?: number | null; from?: string; to?: string }) =>
    updateRange(next, (params) => {
      if (client === null) params.delete('client');
      else if (client !== undefined) params.set('client', String(client));
    });

  return (
    <>
      <PageHeader title="Results" description={`What the money bought${clinicName ? ` for ${clinicName}` : ' across every clinic'}: visits, leads, bookings and Google Ads spend.`} />
      <RangeForm range={range} onChange={update}>
        <ClinicSelect
          id="res-client"
          value={clientId ?? ''}
          onChange={(value) => update({ client: value ? Number(value) : null })}
          clients={clients.data}
          first={<option value="">All clinics</option>}
        />
      </RangeForm>

      <ResultsOverview
        summary={summary}
        before={before}
        range={range}
        between={(s) =>
          s.adsAccounts.length > 0 && (
            <div className="res-ads">
              <AdsAccounts accounts={s.adsAccounts} />
              <RefreshNow clientId={clientId} />
            </div>
          )
        }
      />
      <BudgetPacingCard clientId={clientId} clinicName={clinicName} />
      <SpeedToLeadCard range={range} clientId={clientId} />
      {clientId !== null && <RecommendationsCard clientId={clientId} />}

      <section className="adm-card adm-table-card res-card" aria-labelledby="res-breakdown-title">
        <div className="res-card__head">
          <h2 id="res-breakdown-title" className="res-card__title">
            By {BREAKDOWN_LABELS[by].toLowerCase()}
          </h2>
          <button
            type="button"
            className="adm-button adm-button--secondary"
            disabled={!breakdown.data}
            onClick={() => breakdown.data && download(`results-by-${by}-${range.from}-${range.to}.csv`, breakdownCsv(BREAKDOWN_LABELS[by], range, breakdown.data.rows))}
          >
            <Download size={16} aria-hidden /> Export CSV
          </button>
        </div>
        <Tabs tabs={BREAKDOWN_TABS} selected={by} onSelect={setBy} label="Break results down by" idPrefix="res" />
        <div id={`res-panel-${by}`} role="tabpanel" aria-labelledby={`res-tab-${by}`}>
          {breakdown.isPending ? (
            <LoadingPanel label="Loading the table..." />
          ) : breakdown.isError ? (
            <LoadFailed heading="h3" title="Failed to load the table" message={breakdown.error.message} onRetry={() => void breakdown.refetch()} />
          ) : breakdown.data.rows.length === 0 ? (
            <p className="adm-empty__text res-empty">Nothing was visited or sent in this range.</p>
          ) : (
            // Wider than a phone: the table scrolls, and the keyboard can scroll it too.
            <div className="adm-table-scroll" tabIndex={0} role="region" aria-label={`Results by ${BREAKDOWN_LABELS[by].toLowerCase()} (scrolls sideways)`}>
              <table className="adm-table res-table">
                <caption className="adm-sr-only">Results by {BREAKDOWN_LABELS[by].toLowerCase()}, {range.from} to {range.to}</caption>
                <TableHead columns={[BREAKDOWN_LABELS[by], ...columns.map((m) => m.label), 'Lead rate (95% range)', controls && 'In Google Ads']} />
                <tbody>
                  {breakdown.data.rows.map((row) => (
                    <tr key={`${row.clientId ?? ''}:${row.key}`}>
                      <th scope="row">
                        {row.label}
                        {clientId === null && row.clientId !== null && <span className="res-table__clinic">{clients.data?.find((c) => c.id === row.clientId)?.name ?? `Client ${row.clientId}`}</span>}
                      </th>
                      {columns.map((m) => (
                        <td key={m.label} data-label={m.label}>
                          {m.format(m.value(row))}
                        </td>
                      ))}
                      <td data-label="Lead rate (95% range)">{formatRate(row.leadRate)}</td>
                      {controls && (
                        <td data-label="In Google Ads">{controlsOf(row.key)}</td>
                      )}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </div>
      </section>
    </>
  );
}

/** Each clinic account the spend stands on, as Google Ads was last read (a refused or disconnected one says so). */
function AdsAccounts({ accounts }: { accounts: readonly PerformanceAccount[] }) {
  const words = (a: PerformanceAccount) => {
    if (a.state === 'ok') return `read through ${a.syncedThrough ?? 'no day yet'}`;
    if (a.state === 'pending') return 'not read yet';
    if (a.state === 'disconnected') return 'not read: Google Ads is not connected';
    return `refused by Google: ${a.message ?? 'no reason given'}`;
  };
  return (
    <details className="adm-card res-accounts" open={accounts.some((a) => a.state === 'refused' || a.state === 'disconnected')}>
      <summary>Google Ads accounts ({accounts.length})</summary>
      <ul>
        {accounts.map((a) => (
          <li key={`${a.clientId}-${a.customerId}`} className={`res-accounts__item res-accounts__item--${a.state}`}>
            <span className="res-accounts__id">{a.customerId}</span> {words(a)}
            {a.state === 'disconnected' && (
              <>
                {' '}
                <Link to={GOOGLE_ADS_AUTH_PAGE}>Connect Google Ads</Link>
              </>
            )}
          </li>
        ))}
      </ul>
    </details>
  );
}

function download(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
