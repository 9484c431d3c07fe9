import type { ResultsMeasures } from '@hap/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { Info } from 'lucide-react';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { LoadFailed } from '../pages/LoadFailed';
import { LoadingPanel } from '../pages/LoadingPanel';
import { ResultsChart } from './ResultsChart';
import { daysIn, deltaOf, formatCount, formatRate, lastDays, TILE_MEASURES, type DayRange } from './results-rules';

const PRESETS = [7, 30, 90] as const;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const todayUtc = () => new Date().toISOString().slice(0, 10);

type Summary = ResultsMeasures & { series: Parameters<typeof ResultsChart>[0]['series']; adsNote: string | null };

/**
 * The range in the address (?from=&to=, else the last 30 days) and how to change it, with whatever
 * else the screen keeps there (`extra`: the admin's ?client=).
 */
export function useRangeSearch() {
  const [search, setSearch] = useSearchParams();
  const update = (next: { from?: string; to?: string }, extra?: (params: URLSearchParams) => void) => {
    const params = new URLSearchParams(search);
    extra?.(params);
    if (next.from !== undefined) params.set('from', next.from);
    if (next.to !== undefined) params.set('to', next.to);
    setSearch(params, { replace: true });
  };
  return { search, range: rangeOf(search), update };
}

/**
 * The top of the Results screen as the admin and the portal show it (docs/results-and-experiments.md):
 * loading, a failed load with Retry, else the note on the ads figures, the tiles against the period
 * before, what the scope adds (`between`: the admin's Google Ads accounts), the days and the funnel.
 */
export function ResultsOverview<S extends Summary>({
  summary,
  before,
  range,
  between,
}: {
  summary: UseQueryResult<S>;
  before: UseQueryResult<S>;
  range: DayRange;
  between?: (summary: S) => ReactNode;
}) {
  if (summary.isPending) return <LoadingPanel label="Loading results..." />;
  if (summary.isError) return <LoadFailed card title="Failed to load results" message={summary.error.message} onRetry={() => void summary.refetch()} />;
  return (
    <>
      {summary.data.adsNote && (
        <p className="res-note" role="status">
          <Info size={18} aria-hidden />
          <span>{summary.data.adsNote}</span>
        </p>
      )}
      <Tiles now={summary.data} before={before.data ?? null} days={daysIn(range)} />
      {between?.(summary.data)}
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
  );
}

/** The range the address asks for (?from=&to=), else the last 30 days. */
export function rangeOf(search: URLSearchParams): DayRange {
  const from = search.get('from') ?? '';
  const to = search.get('to') ?? '';
  return DAY.test(from) && DAY.test(to) && from <= to ? { from, to } : lastDays(30, todayUtc());
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
  const tiles = TILE_MEASURES.map((m) => ({ label: m.label, value: m.format(m.value(now)), delta: deltaOf(m.value(now), before ? m.value(before) : null) }));
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
