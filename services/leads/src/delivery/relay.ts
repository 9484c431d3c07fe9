import type { DataSource } from 'typeorm';
import type { JobQueue } from '@hap/service-kit';

/** A channel's reason it cannot be delivered in this process (no SMTP, no CRM yet), or null when it can. */
export type NotConfigured = (channel: string) => string | null;

export interface RelayOptions {
  dataSource: DataSource;
  queue: JobQueue<'leads.deliver'>;
  /** Rows of these channels are settled `not_configured` here, without a job that would only say so. */
  notConfigured?: NotConfigured;
  /** Pause between scans when nothing was pending (ms). */
  intervalMs: number;
  /** Rows handed over per scan. */
  batch?: number;
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
  return dataSource.transaction(async (manager) => {
    const rows = (await manager.query(
      `SELECT "id", "channel" FROM "leads"."lead_deliveries" WHERE "status" = 'pending' ORDER BY "id" LIMIT $1 FOR UPDATE SKIP LOCKED`,
      [batch],
    )) as Array<{ id: string; channel: string }>;
    if (!rows.length) return 0;
    const settled = rows.flatMap((r) => {
      const reason = notConfigured(r.channel);
      return reason ? [{ id: r.id, reason }] : [];
    });
    const queued = rows.filter((r) => !settled.some((s) => s.id === r.id)).map((r) => r.id);
    if (queued.length) {
      await queue.addBulk(queued.map((id) => ({ deliveryId: Number(id) })));
      await manager.query(
        `UPDATE "leads"."lead_deliveries" SET "status" = 'queued', "queued_at" = now(), "updated_at" = now() WHERE "id" = ANY($1::bigint[])`,
        [queued],
      );
    }
    if (settled.length) {
      await manager.query(
        `UPDATE "leads"."lead_deliveries" AS d SET "status" = 'not_configured', "last_error" = s."reason", "updated_at" = now()
           FROM unnest($1::bigint[], $2::text[]) AS s("id", "reason") WHERE d."id" = s."id"`,
        [settled.map((s) => s.id), settled.map((s) => s.reason)],
      );
    }
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
