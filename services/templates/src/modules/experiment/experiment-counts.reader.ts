import { experimentCountsKey, experimentCountsOfHash, type ExperimentCounts } from '@hap/contracts';
import type { QueueRedis } from '@hap/service-kit';
import { Redis } from 'ioredis';

/**
 * Where templates reads its experiments' arms' views, visitors, leads and
 * bookings: the leads service counts them and keeps them in Redis for
 * templates (packages/contracts/src/results/experiment-counts.ts;
 * docs/service-graph.md), so templates never calls leads.
 */
export interface ExperimentCountsReader {
  /** Each arm's counts of these experiments (only each experiment's own clinic's leads); throws when they cannot be read. */
  experimentCounts(experiments: Array<{ id: number; clientId: number }>): Promise<ExperimentCounts[]>;
}

/** The counts from the Redis in `redis` (a connection of its own, closed by `close`); a read waits `timeoutMs` at most. */
export function createExperimentCountsReader(redis: QueueRedis, timeoutMs: number): ExperimentCountsReader & { close(): void } {
  const connection = new Redis(redis.url, { maxRetriesPerRequest: 1, commandTimeout: timeoutMs, lazyConnect: true });
  connection.on('error', () => undefined);
  return {
    async experimentCounts(experiments) {
      if (experiments.length === 0) return [];
      const read = connection.pipeline();
      for (const e of experiments) read.hgetall(experimentCountsKey(redis.prefix, e.id));
      const answers = (await read.exec()) ?? [];
      return experiments.flatMap((experiment, index) => {
        const [err, hash] = answers[index] ?? [new Error('no answer'), null];
        if (err) throw err;
        return experimentCountsOfHash(experiment, (hash ?? {}) as Record<string, string>);
      });
    },
    close: () => connection.disconnect(),
  };
}
