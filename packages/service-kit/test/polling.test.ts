import { startPolling } from '../src';

describe('startPolling', () => {
  it('scans again at once after a full batch, reports each scan that handed rows on, and stops', async () => {
    const answers = [2, 1, 0];
    const relayed: number[] = [];
    const errors: unknown[] = [];
    let passes = 0;
    const polling = startPolling({
      batch: 2,
      intervalMs: 60_000,
      pass: async () => answers[passes++] ?? 0,
      onRelayed: (count) => relayed.push(count),
      onError: (err) => errors.push(err),
    });
    // 2 (a full batch: at once), then 1 (waits intervalMs): the third pass never comes before the stop.
    while (passes < 2) await new Promise((r) => setTimeout(r, 5));
    await polling.stop();
    expect(passes).toBe(2);
    expect(relayed).toEqual([2, 1]);
    expect(errors).toEqual([]);
  });

  it('hands a failed pass to onError and counts it as empty', async () => {
    const errors: unknown[] = [];
    const relayed: number[] = [];
    const polling = startPolling({
      batch: 1,
      intervalMs: 60_000,
      pass: () => Promise.reject(new Error('outbox away')),
      onRelayed: (count) => relayed.push(count),
      onError: (err) => errors.push(err),
    });
    await polling.stop();
    expect(errors).toEqual([new Error('outbox away')]);
    expect(relayed).toEqual([]);
  });
});
