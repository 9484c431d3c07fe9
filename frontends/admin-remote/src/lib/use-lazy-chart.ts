import type * as ChartJsModule from 'chart.js';
import { useEffect, useEffectEvent, useState, type RefObject } from 'react';

/** The library as its dynamic import gives it (a type only: nothing of it is in this chunk). */
type ChartJs = typeof ChartJsModule;

/**
 * A Chart.js chart on `canvas`, with the library loaded only by the screen
 * that draws it (a chunk of its own: the admin's first paint does not carry
 * it). `draw` makes the chart; it is drawn again whenever `data` changes, and
 * destroyed with the screen. `failed` says why when the library did not load.
 */
export function useLazyChart<D>(canvas: RefObject<HTMLCanvasElement | null>, data: D, draw: (chartjs: ChartJs, canvas: HTMLCanvasElement, data: D) => { destroy(): void }) {
  const [drawn, setDrawn] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const make = useEffectEvent(draw);
  useEffect(() => {
    let cancelled = false;
    let chart: { destroy(): void } | null = null;
    import('chart.js')
      .then((chartjs) => {
        if (cancelled || !canvas.current) return;
        chart = make(chartjs, canvas.current, data);
        setDrawn(true);
      })
      .catch((err: Error) => !cancelled && setFailed(err.message));
    return () => {
      cancelled = true;
      chart?.destroy();
    };
  }, [canvas, data]);
  return { drawn, failed };
}
