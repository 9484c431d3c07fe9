import type { DataSource } from 'typeorm';
import type { JobQueue } from '@hap/service-kit';

export interface RelayOptions {
  dataSource: DataSource;
  queue: JobQueue<'leads.deliver'>;
  /** Pause between scans when nothing was pending (ms). */
  intervalMs: number;
  /** Rows handed over per scan. */
  batch?: number;
  onError: (err: unknown) => void;
}

/**
 * Hands one batch of pending outbox rows to `leads.deliver` and marks them
 * queued, in one transaction: rows are locked (SKIP LOCKED, so several
 * workers share the work), jobs are added, then the rows change. If Redis
 * refuses, the transaction rolls back and the rows stay pending; if the
 * commit fails after the jobs were added, the next scan adds them again
 * under the same job ids, which BullMQ keeps once. Returns how many it handed over.
 */
export async function relayOnce({ dataSource, queue, batch = 200 }: Pick<RelayOptions, 'dataSource' | 'queue' | 'batch'>): Promise<number> {
  return dataSource.transaction(async (manager) => {
    const rows = (await manager.query(
      `SELECT "id" FROM "leads"."lead_deliveries" WHERE "status" = 'pending' ORDER BY "id" LIMIT $1 FOR UPDATE SKIP LOCKED`,
      [batch],
    )) as Array<{ id: string }>;
    if (!rows.length) return 0;
    for (const { id } of rows) await queue.add({ deliveryId: Number(id) });
    await manager.query(
      `UPDATE "leads"."lead_deliveries" SET "status" = 'queued', "queued_at" = now(), "updated_at" = now() WHERE "id" = ANY($1::bigint[])`,
      [rows.map((r) => r.id)],
    );
    return rows.length;
  });
}

/** Scans the outbox until stopped: at once again after a full batch, else after `intervalMs`. */
export function startRelay(options: RelayOptions): { stop: () => Promise<void> } {
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> = Promise.resolve();
  const tick = () => {
    running = relayOnce(options)
      .then((count) => count)
      .catch((err: unknown) => {
        options.onError(err);
        return 0;
      })
      .then((count) => {
        if (!stopped) timer = setTimeout(tick, count >= (options.batch ?? 200) ? 0 : options.intervalMs);
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
