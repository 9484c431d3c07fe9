import type { DataSource } from 'typeorm';
import { startPolling, type JobQueue } from '@hap/service-kit';
import { DeliveryRepository } from './delivery.repository';

/**
 * Why a row's channel cannot be delivered (no SMTP, no CRM credentials, a
 * clinic without a webhook or CRM account), or null when a job should try.
 */
export type NotConfigured = (channel: string, clientId: number) => string | null | Promise<string | null>;

export interface RelayOptions {
  dataSource: DataSource;
  queue: JobQueue<'leads.deliver'>;
  /** Rows of these channels are settled `not_configured` here, without a job that would only say so. */
  notConfigured?: NotConfigured;
  /** Pause between scans when nothing was pending (ms). */
  intervalMs: number;
  /** Rows handed over per scan. */
  batch?: number;
  /**
   * A row left `queued` this long (ms) has its job added again (`requeueStale`):
   * Redis may have lost it. Absent: never.
   */
  requeueAfterMs?: number;
  /**
   * Stores up to `batch` leads held in Redis while the database was away
   * (parked-leads.ts `storeHeldLeads`), before each scan: their outbox rows
   * are then relayed like any others. Its failures are reported apart, so the
   * outbox keeps moving.
   */
  storeHeld?: (batch: number) => Promise<number>;
  onError: (err: unknown) => void;
}

/**
 * Hands one batch of pending outbox rows to `leads.deliver` (one Redis round
 * trip) and marks them queued, in one transaction; rows of a channel this
 * process cannot deliver are settled `not_configured` at once with the reason: rows are locked (SKIP LOCKED, so several
 * workers share the work), jobs are added, then the rows change. If Redis
 * refuses, the transaction rolls back and the rows stay pending; if the
 * commit fails after the jobs were added, the next scan adds them again
 * under the same job ids, which BullMQ keeps once. Returns how many it handed over.
 */
export async function relayOnce({
  dataSource,
  queue,
  batch = 200,
  notConfigured = () => null,
}: Pick<RelayOptions, 'dataSource' | 'queue' | 'batch' | 'notConfigured'>): Promise<number> {
  const deliveries = new DeliveryRepository(dataSource);
  return dataSource.transaction(async (manager) => {
    const rows = await deliveries.claimPending(batch, manager);
    if (!rows.length) return 0;
    const reasons = await Promise.all(rows.map((r) => notConfigured(r.channel, r.client_id)));
    const settled = rows.flatMap((r, i) => (reasons[i] ? [{ id: r.id, reason: reasons[i] }] : []));
    const queued = rows.filter((r) => !settled.some((s) => s.id === r.id)).map((r) => r.id);
    if (queued.length) {
      await queue.addBulk(queued.map((id) => ({ deliveryId: Number(id) })));
      await deliveries.markQueued(queued, manager);
    }
    if (settled.length) await deliveries.settleNotConfigured(settled, manager);
    return rows.length;
  });
}

/**
 * Adds again, under their job ids, the jobs of rows left `queued` for longer
 * than `requeueAfterMs`, and touches those rows so they wait that long again.
 * A queued row's job lives only in Redis: a Redis without persistence that
 * restarts (or is flushed) loses it, and nothing else would ever settle the
 * row. A job Redis still has under that id (waiting in a backlog, running,
 * waiting out a retry's backoff) is kept once by BullMQ, so this never
 * doubles one; a delivered row is not sent again (deliver.job.ts). Returns how
 * many it handed over.
 */
export async function requeueStale({
  dataSource,
  queue,
  requeueAfterMs,
  batch = 200,
}: Pick<RelayOptions, 'dataSource' | 'queue' | 'batch'> & { requeueAfterMs: number }): Promise<number> {
  const deliveries = new DeliveryRepository(dataSource);
  return dataSource.transaction(async (manager) => {
    const ids = await deliveries.claimStaleQueued(requeueAfterMs, batch, manager);
    if (!ids.length) return 0;
    await queue.addBulk(ids.map((id) => ({ deliveryId: Number(id) })));
    await deliveries.touch(ids, manager);
    return ids.length;
  });
}

/**
 * Scans the outbox until stopped (storing held leads first, with `storeHeld`):
 * at once again after a full batch, else after `intervalMs`. With
 * `requeueAfterMs`, also looks for rows queued that long (`requeueStale`)
 * every half of it (at most every minute).
 */
export function startRelay(options: RelayOptions): { stop: () => Promise<void> } {
  const batch = options.batch ?? 200;
  const { requeueAfterMs } = options;
  const sweepEveryMs = requeueAfterMs ? Math.max(options.intervalMs, Math.min(requeueAfterMs / 2, 60_000)) : Infinity;
  let lastSweep = 0;
  const sweep = async (): Promise<number> => {
    if (!requeueAfterMs || Date.now() - lastSweep < sweepEveryMs) return 0;
    const count = await requeueStale({ ...options, requeueAfterMs });
    // A full batch: the rest at the next scan.
    if (count < batch) lastSweep = Date.now();
    return count;
  };
  const storeHeld = async (): Promise<number> => {
    try {
      return (await options.storeHeld?.(batch)) ?? 0;
    } catch (err) {
      options.onError(err);
      return 0;
    }
  };
  return startPolling({
    batch,
    intervalMs: options.intervalMs,
    pass: () =>
      storeHeld()
        .then(async (held) => Math.max(held, await relayOnce(options)))
        .then(async (count) => Math.max(count, await sweep())),
    onError: options.onError,
  });
}
