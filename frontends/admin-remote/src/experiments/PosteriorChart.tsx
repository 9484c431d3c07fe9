import type { Experiment } from '@hap/contracts';
import { useRef } from 'react';
import { useLazyChart } from '../lib/use-lazy-chart';
import { percent, STYLE_NAMES } from './experiments-rules';

const COLOURS = { A: '#1d4ed8', B: '#047857', C: '#b45309' } as const;

/**
 * Each arm's posterior conversion rate as a density curve (Chart.js, loaded
 * with this screen only): where the curves overlap, the arms cannot be told
 * apart yet. The table beside it carries the same numbers in words.
 */
export function PosteriorChart({ experiment }: { experiment: Experiment }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const { curves } = experiment;
  const { drawn, failed } = useLazyChart(canvas, curves, ({ Chart, Filler, Legend, LinearScale, LineController, LineElement, PointElement, Tooltip }, element, drawnCurves) => {
    Chart.register(Filler, Legend, LinearScale, LineController, LineElement, PointElement, Tooltip);
    return new Chart(element, {
      type: 'line',
      data: {
        datasets: drawnCurves.series.map((s) => ({
          label: STYLE_NAMES[s.variant],
          data: s.density.map((y, i) => ({ x: drawnCurves.x[i]!, y })),
          borderColor: COLOURS[s.variant],
          backgroundColor: `${COLOURS[s.variant]}22`,
          fill: true,
          pointRadius: 0,
          tension: 0.3,
        })),
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        interaction: { mode: 'nearest', intersect: false },
        scales: {
          x: { type: 'linear', title: { display: true, text: 'Conversion rate' }, ticks: { callback: (v) => percent(Number(v)) } },
          y: { display: false, beginAtZero: true },
        },
        plugins: { tooltip: { callbacks: { title: (items) => percent(Number(items[0]?.parsed.x ?? 0), 2), label: (item) => item.dataset.label ?? '' } } },
      },
    });
  });

  return (
    <figure className="res-chart exp-chart" data-drawn={drawn || undefined}>
      <div className="res-chart__canvas">
        <canvas
          ref={canvas}
          role="img"
          aria-label={`How likely each conversion rate is for ${curves.series.map((s) => `style ${s.variant}`).join(', ')}; the table has the numbers.`}
        />
      </div>
      {failed && <p className="adm-field__error">The chart could not be drawn ({failed}); the table has the numbers.</p>}
    </figure>
  );
}
