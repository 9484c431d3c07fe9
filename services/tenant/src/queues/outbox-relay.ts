/**
 * Scans an outbox until stopped (ARCHITECTURE.md#how-parts-talk): `step`
 * hands up to `batch` rows to their queues and says how many; the next scan
 * is at once after a full batch, else after `intervalMs`. A failed step is
 * told to `onError` and tried again at the next scan.
 */
export function startOutboxRelay(options: {
  step: () => Promise<number>;
  batch: number;
  intervalMs: number;
  onRelayed?: (count: number) => void;
  onError: (err: unknown) => void;
}): { stop: () => Promise<void> } {
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> = Promise.resolve();
  const tick = () => {
    running = options
      .step()
      .then((count) => {
        if (count) options.onRelayed?.(count);
        return count;
      })
      .catch((err: unknown) => {
        options.onError(err);
        return 0;
      })
      .then((count) => {
        if (!stopped) timer = setTimeout(tick, count >= options.batch ? 0 : options.intervalMs);
      });
  };
  tick();
  return {
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
