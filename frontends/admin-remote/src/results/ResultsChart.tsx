import { costPer, shareOf, type ResultsSummary } from '@hap/contracts';
import { useRef } from 'react';
import { useLazyChart } from '../lib/use-lazy-chart';
import { formatCount, formatMoney, formatShare } from './results-rules';
import { TableHead } from '../pages/TableHead';

type Series = ResultsSummary['series'];
type Day = Series[number];

/** 'Nov 22' for 2026-11-22: the axis's words (the table keeps the full date). */
const shortDay = (day: string) => new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** One line of a chart: counts on the left axis, dollars (dashed) on the right; null (no figure that day) leaves a gap. */
interface Line {
  label: string;
  value: (day: Day) => number | null;
  color: string;
  axis: 'count' | 'money';
}

/** A day's average CPC: its spend per click, '—' (a gap) without clicks. */
const cpcOf = (day: Day) => costPer(day.spend, day.clicks);

const VISITS: Line = { label: 'Visits', value: (d) => d.views, color: '#1d4ed8', axis: 'count' };
const LEADS: Line = { label: 'Leads', value: (d) => d.leads, color: '#047857', axis: 'count' };
const SPEND: Line = { label: 'Spend (USD)', value: (d) => d.spend, color: '#b45309', axis: 'money' };
const CLICKS: Line = { label: 'Clicks', value: (d) => d.clicks, color: '#7c3aed', axis: 'count' };
const CPC: Line = { label: 'Avg. CPC (USD)', value: cpcOf, color: '#be123c', axis: 'money' };

/** Lines by day on a Chart.js line chart, loaded with this screen only (a chunk of its own: the admin's first paint does not carry it). */
function DayChart({ series, lines, label }: { series: Series; lines: readonly Line[]; label: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const money = lines.some((line) => line.axis === 'money');
  const { drawn, failed } = useLazyChart(canvas, series, ({ Chart, CategoryScale, Legend, LinearScale, LineController, LineElement, PointElement, Tooltip }, element, days) => {
    Chart.register(CategoryScale, Legend, LinearScale, LineController, LineElement, PointElement, Tooltip);
    return new Chart(element, {
      type: 'line',
      data: {
        labels: days.map((d) => shortDay(d.date)),
        datasets: lines.map((line) => ({
          label: line.label,
          data: days.map(line.value),
          borderColor: line.color,
          backgroundColor: line.color,
          yAxisID: line.axis,
          borderDash: line.axis === 'money' ? [6, 4] : [],
          tension: 0.2,
        })),
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        interaction: { mode: 'index', intersect: false },
        scales: {
          x: { ticks: { maxTicksLimit: 8, maxRotation: 0, autoSkipPadding: 16 } },
          count: { type: 'linear', position: 'left', beginAtZero: true, ticks: { precision: 0 } },
          ...(money ? { money: { type: 'linear' as const, position: 'right' as const, beginAtZero: true, grid: { drawOnChartArea: false } } } : {}),
        },
      },
    });
  });
  return (
    <>
      <div className="res-chart__canvas" data-drawn={drawn || undefined}>
        <canvas ref={canvas} role="img" aria-label={label} />
      </div>
      {failed && <p className="adm-field__error">The chart could not be drawn ({failed}); the table has the numbers.</p>}
    </>
  );
}

/**
 * Visits, leads and spend by day, and (with Google Ads figures) clicks and
 * average CPC by day, with the same numbers as a table behind them for screen
 * readers and for reading exact values (docs/results-and-experiments.md#the-results-screen).
 */
export function ResultsChart({ series }: { series: Series }) {
  const hasAds = series.some((d) => d.spend !== null);
  const range = `from ${series[0]?.date} to ${series[series.length - 1]?.date}; the table below has the numbers.`;
  return (
    <figure className="res-chart">
      <DayChart series={series} lines={hasAds ? [VISITS, LEADS, SPEND] : [VISITS, LEADS]} label={`Visits, leads${hasAds ? ' and spend' : ''} by day ${range}`} />
      {hasAds && <DayChart series={series} lines={[CLICKS, CPC]} label={`Google Ads clicks and average cost per click by day ${range}`} />}
      <details className="res-chart__table">
        <summary>Numbers by day</summary>
        <div className="adm-table-scroll" tabIndex={0} role="region" aria-label="Numbers by day (scrolls sideways)">
          <table className="adm-table res-table">
            <caption className="adm-sr-only">Visits, leads{hasAds ? ', spend, clicks, CTR and average CPC' : ''} by day</caption>
            <TableHead columns={hasAds ? ['Day', 'Visits', 'Leads', 'Spend', 'Clicks', 'CTR', 'Avg. CPC'] : ['Day', 'Visits', 'Leads']} />
            <tbody>
              {series.map((d) => (
                <tr key={d.date}>
                  <th scope="row">{d.date}</th>
                  <td data-label="Visits">{formatCount(d.views)}</td>
                  <td data-label="Leads">{formatCount(d.leads)}</td>
                  {hasAds && (
                    <>
                      <td data-label="Spend">{formatMoney(d.spend)}</td>
                      <td data-label="Clicks">{formatCount(d.clicks)}</td>
                      <td data-label="CTR">{formatShare(shareOf(d.clicks, d.impressions))}</td>
                      <td data-label="Avg. CPC">{formatMoney(cpcOf(d))}</td>
                    </>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
