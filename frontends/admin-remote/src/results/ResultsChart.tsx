import type { ResultsSummary } from '@hap/contracts';
import { useRef } from 'react';
import { useLazyChart } from '../lib/use-lazy-chart';
import { formatCount, formatMoney } from './results-rules';
import { TableHead } from '../pages/TableHead';

type Series = ResultsSummary['series'];

/** 'Nov 22' for 2026-11-22: the axis's words (the table keeps the full date). */
const shortDay = (day: string) => new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/**
 * Visits, leads and spend by day: a Chart.js line chart, loaded with this
 * screen only (a chunk of its own: the admin's first paint does not carry
 * it), and the same numbers as a table behind it for screen readers and for
 * reading exact values.
 */
export function ResultsChart({ series }: { series: Series }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const hasSpend = series.some((d) => d.spend !== null);
  const { drawn, failed } = useLazyChart(canvas, series, ({ Chart, CategoryScale, Legend, LinearScale, LineController, LineElement, PointElement, Tooltip }, element, days) => {
    Chart.register(CategoryScale, Legend, LinearScale, LineController, LineElement, PointElement, Tooltip);
    return new Chart(element, {
      type: 'line',
      data: {
        labels: days.map((d) => shortDay(d.date)),
        datasets: [
          { label: 'Visits', data: days.map((d) => d.views), borderColor: '#1d4ed8', backgroundColor: '#1d4ed8', yAxisID: 'count', tension: 0.2 },
          { label: 'Leads', data: days.map((d) => d.leads), borderColor: '#047857', backgroundColor: '#047857', yAxisID: 'count', tension: 0.2 },
          ...(hasSpend ? [{ label: 'Spend (USD)', data: days.map((d) => d.spend ?? 0), borderColor: '#b45309', backgroundColor: '#b45309', yAxisID: 'money', borderDash: [6, 4], tension: 0.2 }] : []),
        ],
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        interaction: { mode: 'index', intersect: false },
        scales: {
          x: { ticks: { maxTicksLimit: 8, maxRotation: 0, autoSkipPadding: 16 } },
          count: { type: 'linear', position: 'left', beginAtZero: true, ticks: { precision: 0 } },
          ...(hasSpend ? { money: { type: 'linear' as const, position: 'right' as const, beginAtZero: true, grid: { drawOnChartArea: false } } } : {}),
        },
      },
    });
  });

  const first = series[0]?.date;
  const last = series[series.length - 1]?.date;
  return (
    <figure className="res-chart" data-drawn={drawn || undefined}>
      <div className="res-chart__canvas">
        <canvas ref={canvas} role="img" aria-label={`Visits, leads${hasSpend ? ' and spend' : ''} by day from ${first} to ${last}; the table below has the numbers.`} />
      </div>
      {failed && <p className="adm-field__error">The chart could not be drawn ({failed}); the table has the numbers.</p>}
      <details className="res-chart__table">
        <summary>Numbers by day</summary>
        <div className="adm-table-scroll" tabIndex={0} role="region" aria-label="Numbers by day (scrolls sideways)">
          <table className="adm-table res-table">
            <caption className="adm-sr-only">Visits, leads and spend by day</caption>
            <TableHead columns={['Day', 'Visits', 'Leads', 'Spend']} />
            <tbody>
              {series.map((d) => (
                <tr key={d.date}>
                  <th scope="row">{d.date}</th>
                  <td data-label="Visits">{formatCount(d.views)}</td>
                  <td data-label="Leads">{formatCount(d.leads)}</td>
                  <td data-label="Spend">{formatMoney(d.spend)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
