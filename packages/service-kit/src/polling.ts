import type { DataSource } from 'typeorm';

/** What a relay of a service's outbox is started with (its queues apart). */
export interface OutboxRelayOptions {
  dataSource: DataSource;
  /** How long an empty scan waits for the next (ms). */
  intervalMs: number;
  /** After a scan that handed rows on: how many. */
  onRelayed?: (count: number) => void;
  onError: (err: unknown) => void;
}

/**
 * Runs `pass` until stopped (an outbox relay's scan): again at once after a full batch (`pass`
 * answered `batch` or more), else after `intervalMs`. A pass that answered more than 0 goes to
 * `onRelayed`; a failed pass goes to `onError` and counts as an empty one. `stop` waits for the
 * pass under way.
 */
export function startPolling(options: {
  batch: number;
  intervalMs: number;
  pass: () => Promise<number>;
  onRelayed?: (count: number) => void;
  onError: (err: unknown) => void;
}): { stop: () => Promise<void> } {
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> = Promise.resolve();
  const tick = () => {
    running = options
      .pass()
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
