/**
 * Runs `pass` until stopped (an outbox relay's scan): again at once after a full batch (`pass`
 * answered `batch` or more), else after `intervalMs`. A failed pass goes to `onError` and counts
 * as an empty one. `stop` waits for the pass under way.
 */
export function startPolling(options: {
  batch: number;
  intervalMs: number;
  pass: () => Promise<number>;
  onError: (err: unknown) => void;
}): { stop: () => Promise<void> } {
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> = Promise.resolve();
  const tick = () => {
    running = options
      .pass()
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
