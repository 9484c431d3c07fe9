import type { Experiment } from '@hap/contracts';
import { useEffect, useRef, useState } from 'react';
import { percent, STYLE_NAMES } from './experiments-rules';

const COLOURS = { A: '#1d4ed8', B: '#047857', C: '#b45309' } as const;

/**
 * Each arm's posterior conversion rate as a density curve (Chart.js, loaded
 * with this screen only): where the curves overlap, the arms cannot be told
 * apart yet. The table beside it carries the same numbers in words.
 */
export function PosteriorChart({ experiment }: { experiment: Experiment }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [drawn, setDrawn] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const { curves } = experiment;

  useEffect(() => {
    let cancelled = false;
    let destroy: (() => void) | null = null;
    import('chart.js')
      .then(({ Chart, Filler, Legend, LinearScale, LineController, LineElement, PointElement, Tooltip }) => {
        if (cancelled || !canvas.current) return;
        Chart.register(Filler, Legend, LinearScale, LineController, LineElement, PointElement, Tooltip);
        const chart = new Chart(canvas.current, {
          type: 'line',
          data: {
            datasets: curves.series.map((s) => ({
              label: STYLE_NAMES[s.variant],
              data: s.density.map((y, i) => ({ x: curves.x[i]!, y })),
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
        destroy = () => chart.destroy();
        setDrawn(true);
      })
      .catch((err: Error) => !cancelled && setFailed(err.message));
    return () => {
      cancelled = true;
      destroy?.();
    };
  }, [curves]);

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
