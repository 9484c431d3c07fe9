import { GOOGLE_ADS_AUTH_PAGE, RESULTS_BREAKDOWNS, type PerformanceAccount, type ResultsBreakdownBy, type ResultsMeasures } from '@hap/contracts';
import { Download, Info } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useClients } from '../clients/clients-query';
import { adminTitle, useDocumentTitle } from '../lib/use-document-title';
import { LoadFailed } from '../pages/LoadFailed';
import { LoadingPanel } from '../pages/LoadingPanel';
import { PageHeader } from '../pages/PageHeader';
import { Tabs } from '../pages/Tabs';
import { useResultsBreakdown, useResultsSummary } from './results-query';
import { breakdownCsv, daysIn, deltaOf, formatCount, formatMoney, formatRate, lastDays, previousPeriod, type DayRange } from './results-rules';
import { ResultsChart } from './ResultsChart';
import './results.css';

const PRESETS = [7, 30, 90] as const;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const todayUtc = () => new Date().toISOString().slice(0, 10);

const BREAKDOWN_LABELS: Record<ResultsBreakdownBy, string> = { service: 'Service', campaign: 'Campaign', variant: 'Variant', source: 'Source' };
const BREAKDOWN_TABS = (['service', 'campaign', 'variant', 'source'] as const).filter((b) => RESULTS_BREAKDOWNS.includes(b)).map((id) => ({ id, label: BREAKDOWN_LABELS[id] }));

/** The range the address asks for (?from=&to=), else the last 30 days. */
export function rangeOf(search: URLSearchParams): DayRange {
  const from = search.get('from') ?? '';
  const to = search.get('to') ?? '';
  return DAY.test(from) && DAY.test(to) && from <= to ? { from, to } : lastDays(30, todayUtc());
}

/**
 * Results: what the money bought, agency-wide or for one
 * clinic (?client=), over a range compared with the period before: tiles,
 * the days as a chart with its table, the funnel, and a table by service,
 * campaign, variant or source with a CSV export.
 */
export function ResultsPage() {
  useDocumentTitle(adminTitle('Results'));
  const [search, setSearch] = useSearchParams();
  const clients = useClients();
  const range = rangeOf(search);
  const clientParam = Number(search.get('client'));
  const clientId = Number.isInteger(clientParam) && clientParam > 0 ? clientParam : null;
  const [by, setBy] = useState<ResultsBreakdownBy>('service');

  const summary = useResultsSummary(range, clientId);
  const before = useResultsSummary(previousPeriod(range), clientId);
  const breakdown = useResultsBreakdown(by, range, clientId);
  const clinicName = clientId === null ? null : (clients.data?.find((c) => c.id === clientId)?.name ?? `Client ${clientId}`);

  const update = (next: { client?: number | null; from?: string; to?: string }) => {
    const params = new URLSearchParams(search);
    if (next.client !== undefined) {
      if (next.client === null) params.delete('client');
      else params.set('client', String(next.client));
    }
    if (next.from !== undefined) params.set('from', next.from);
    if (next.to !== undefined) params.set('to', next.to);
    setSearch(params, { replace: true });
  };

  return (
    <>
      <PageHeader title="Results" description={`What the money bought${clinicName ? ` for ${clinicName}` : ' across every clinic'}: visits, leads, bookings and Google Ads spend.`} />
      <RangeForm range={range} onChange={update}>
        <div className="adm-field">
          <label className="adm-label" htmlFor="res-client">
            Clinic
          </label>
          <select id="res-client" className="adm-input" value={clientId ?? ''} onChange={(e) => update({ client: e.target.value ? Number(e.target.value) : null })}>
            <option value="">All clinics</option>
            {clients.data?.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </div>
      </RangeForm>

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
          {summary.data.adsAccounts.length > 0 && <AdsAccounts accounts={summary.data.adsAccounts} />}
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
                <thead>
                  <tr>
                    <th scope="col">{BREAKDOWN_LABELS[by]}</th>
                    <th scope="col">Visits</th>
                    <th scope="col">Leads</th>
                    <th scope="col">Booked</th>
                    <th scope="col">Spend</th>
                    <th scope="col">Cost per lead</th>
                    <th scope="col">Cost per booking</th>
                    <th scope="col">Lead rate (95% range)</th>
                  </tr>
                </thead>
                <tbody>
                  {breakdown.data.rows.map((row) => (
                    <tr key={`${row.clientId ?? ''}:${row.key}`}>
                      <th scope="row">
                        {row.label}
                        {clientId === null && row.clientId !== null && <span className="res-table__clinic">{clients.data?.find((c) => c.id === row.clientId)?.name ?? `Client ${row.clientId}`}</span>}
                      </th>
                      <td data-label="Visits">{formatCount(row.views)}</td>
                      <td data-label="Leads">{formatCount(row.leads)}</td>
                      <td data-label="Booked">{formatCount(row.booked)}</td>
                      <td data-label="Spend">{formatMoney(row.spend)}</td>
                      <td data-label="Cost per lead">{formatMoney(row.costPerLead)}</td>
                      <td data-label="Cost per booking">{formatMoney(row.costPerBooking)}</td>
                      <td data-label="Lead rate (95% range)">{formatRate(row.leadRate)}</td>
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

/** The range's fields (from, to, the quick ranges), after what `children` adds before them (the admin's clinic). */
export function RangeForm({ range, onChange, children }: { range: DayRange; onChange: (next: DayRange | { from: string } | { to: string }) => void; children?: ReactNode }) {
  return (
    <form className="adm-card res-filters" role="search" aria-label="Results range" onSubmit={(e) => e.preventDefault()}>
      {children}
      <div className="adm-field">
        <label className="adm-label" htmlFor="res-from">
          From
        </label>
        <input id="res-from" className="adm-input" type="date" value={range.from} max={range.to} onChange={(e) => DAY.test(e.target.value) && onChange({ from: e.target.value })} />
      </div>
      <div className="adm-field">
        <label className="adm-label" htmlFor="res-to">
          To
        </label>
        <input id="res-to" className="adm-input" type="date" value={range.to} min={range.from} onChange={(e) => DAY.test(e.target.value) && onChange({ to: e.target.value })} />
      </div>
      <div className="res-filters__presets" role="group" aria-label="Quick ranges">
        {PRESETS.map((days) => {
          const preset = lastDays(days, todayUtc());
          const current = preset.from === range.from && preset.to === range.to;
          return (
            <button key={days} type="button" className={`adm-button ${current ? 'adm-button--primary' : 'adm-button--secondary'}`} aria-pressed={current} onClick={() => onChange(preset)}>
              Last {days} days
            </button>
          );
        })}
      </div>
    </form>
  );
}

/** The totals of the range, each with its change from the period before. */
export function Tiles({ now, before, days }: { now: ResultsMeasures; before: ResultsMeasures | null; days: number }) {
  const tiles: Array<{ label: string; value: string; delta: string | null }> = [
    { label: 'Visits', value: formatCount(now.views), delta: deltaOf(now.views, before?.views ?? null) },
    { label: 'Leads', value: formatCount(now.leads), delta: deltaOf(now.leads, before?.leads ?? null) },
    { label: 'Booked', value: formatCount(now.booked), delta: deltaOf(now.booked, before?.booked ?? null) },
    { label: 'Spend', value: formatMoney(now.spend), delta: deltaOf(now.spend, before?.spend ?? null) },
    { label: 'Cost per lead', value: formatMoney(now.costPerLead), delta: deltaOf(now.costPerLead, before?.costPerLead ?? null) },
    { label: 'Cost per booking', value: formatMoney(now.costPerBooking), delta: deltaOf(now.costPerBooking, before?.costPerBooking ?? null) },
  ];
  return (
    <ul className="res-tiles" aria-label="Totals">
      {tiles.map((tile) => (
        <li key={tile.label} className="adm-card res-tile">
          <span className="res-tile__label">{tile.label}</span>
          <span className="res-tile__value">{tile.value}</span>
          <span className="res-tile__delta">{tile.delta ? `${tile.delta} vs the previous ${days} days` : 'nothing to compare with'}</span>
        </li>
      ))}
    </ul>
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

/** Views → leads → contacted → booked → won, each as a share of the visits. */
export function Funnel({ measures }: { measures: ResultsMeasures }) {
  const steps = [
    { label: 'Visits', count: measures.views },
    { label: 'Leads', count: measures.leads },
    { label: 'Contacted', count: measures.contacted },
    { label: 'Booked', count: measures.booked },
    { label: 'Won', count: measures.won },
  ];
  const top = Math.max(1, ...steps.map((s) => s.count));
  return (
    <section className="adm-card res-card" aria-labelledby="res-funnel-title">
      <h2 id="res-funnel-title" className="res-card__title">
        Funnel
      </h2>
      <ol className="res-funnel">
        {steps.map((step) => (
          <li key={step.label} className="res-funnel__step">
            <span className="res-funnel__label">{step.label}</span>
            <span className="res-funnel__count">{formatCount(step.count)}</span>
            <span className="res-funnel__track" aria-hidden>
              <span className="res-funnel__fill" style={{ width: `${Math.round((step.count / top) * 100)}%` }} />
            </span>
          </li>
        ))}
      </ol>
      <dl className="res-rates">
        <dt>Lead rate</dt>
        <dd>{formatRate(measures.leadRate)}</dd>
        <dt>Booking rate</dt>
        <dd>{formatRate(measures.bookingRate)}</dd>
      </dl>
      <p className="adm-muted res-rates__note">Rates are per visit, with the range they lie in 19 times out of 20 (Wilson); below 100 visits there are too few to tell.</p>
    </section>
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
