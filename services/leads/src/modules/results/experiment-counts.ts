import { experimentCountsFields, experimentCountsKey } from '@hap/contracts';
import { WRITE_HASH_IF_NEWER, type QueueRedis } from '@hap/service-kit';
import { Redis } from 'ioredis';
import type { DataSource } from 'typeorm';
import { ExperimentCountsRepository } from './experiment-counts.repository';

/**
 * Each experiment arm's numbers, kept for the templates service
 * that keeps experiments (docs/service-graph.md: leads owns the counts and
 * hands them on; templates never asks leads): views and visitors at the
 * experiment's URL (the shell's counts, folded into
 * leads.experiment_view_rollups; a visitor a day, as Results counts them) and
 * the leads that came from the arm, with those that reached booked (booked
 * or won, as Results counts bookings), by the leads' clinic (templates counts
 * only the experiment's own clinic's: a lead that names another clinic's
 * experiment, a forged attribution, counts for none).
 */
export interface ExperimentCountsSink {
  /** Rewrites these experiments' counts from the tables; never throws (a failure is told to onError and mended by the next write or the worker's start). */
  publish(experimentIds: readonly number[]): Promise<void>;
  /** `publish` for the experiments these leads came from. */
  publishForLeads(leadIds: readonly number[]): Promise<void>;
}

export class ExperimentCountsPublisher implements ExperimentCountsSink {
  private readonly tables: ExperimentCountsRepository;

  constructor(
    dataSource: DataSource,
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly onError: (err: unknown) => void,
  ) {
    this.tables = new ExperimentCountsRepository(dataSource);
  }

  async publish(experimentIds: readonly number[]): Promise<void> {
    const ids = [...new Set(experimentIds)];
    if (ids.length === 0) return;
    try {
      const { readAt, byExperiment } = await this.tables.countsOf(ids);
      const write = this.redis.pipeline();
      for (const [id, { views, conversions }] of byExperiment) {
        const fields = Object.entries(experimentCountsFields(views, conversions)).flat();
        write.eval(WRITE_HASH_IF_NEWER, 1, experimentCountsKey(this.prefix, id), readAt, ...fields);
      }
      const answers = await write.exec();
      const failed = answers?.find(([err]) => err);
      if (!answers || failed) throw failed?.[0] ?? new Error('experiment counts: no answer from Redis');
    } catch (err) {
      this.onError(err);
    }
  }

  async publishForLeads(leadIds: readonly number[]): Promise<void> {
    if (leadIds.length === 0) return;
    let ids: number[];
    try {
      ids = await this.tables.experimentsOfLeads(leadIds);
    } catch (err) {
      this.onError(err);
      return;
    }
    await this.publish(ids);
  }

  /** Every experiment the tables count: at the worker's start, so counts written before (or lost to a Redis outage) are whole again. */
  async publishAll(batch = 500): Promise<number> {
    const ids = await this.tables.allExperiments();
    for (let i = 0; i < ids.length; i += batch) await this.publish(ids.slice(i, i + batch));
    return ids.length;
  }
}

/** A publisher on a Redis connection of its own (closed by `close`). */
export function createExperimentCountsPublisher(dataSource: DataSource, redis: QueueRedis, onError: (err: unknown) => void): ExperimentCountsPublisher & { close(): void } {
  const connection = new Redis(redis.url, { maxRetriesPerRequest: 1 });
  connection.on('error', () => undefined);
  const publisher = new ExperimentCountsPublisher(dataSource, connection, redis.prefix, onError);
  return Object.assign(publisher, { close: () => connection.disconnect() });
}
