import { experimentCountsFields, experimentCountsKey, type ArmConversions, type ArmViews, type ExperimentVariant } from '@hap/contracts';
import type { QueueRedis } from '@hap/service-kit';
import { Redis } from 'ioredis';
import type { DataSource } from 'typeorm';

/**
 * Each experiment arm's numbers (issue 27), kept for the templates service
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

/**
 * Writes an experiment's fields unless a newer reading is there already: two
 * writes racing (a lead and a status change at once) each read the tables
 * after their own commit, so the reading that started later (by the
 * database's clock, field `@`) has seen all the earlier one saw, and wins.
 */
const WRITE_IF_NEWER = `
local at = redis.call('HGET', KEYS[1], '@')
if at and tonumber(at) > tonumber(ARGV[1]) then return 0 end
redis.call('DEL', KEYS[1])
redis.call('HSET', KEYS[1], '@', unpack(ARGV))
return 1`;

/** The tables' counts of these experiments, by experiment, and when they were read (µs, the database's clock, before any of them). */
async function countsOf(dataSource: DataSource, ids: readonly number[]): Promise<{ readAt: string; byExperiment: Map<number, { views: ArmViews[]; conversions: ArmConversions[] }> }> {
  const byExperiment = new Map(ids.map((id) => [id, { views: [] as ArmViews[], conversions: [] as ArmConversions[] }]));
  const [{ readAt }] = (await dataSource.query(`SELECT (extract(epoch FROM clock_timestamp()) * 1000000)::bigint::text AS "readAt"`)) as [{ readAt: string }];
  const views = (await dataSource.query(
    `SELECT "experiment_id" AS "id", "variant", SUM("views")::bigint AS "views", SUM("visitors")::bigint AS "visitors"
     FROM "leads"."experiment_view_rollups" WHERE "experiment_id" = ANY($1::int[])
     GROUP BY "experiment_id", "variant"`,
    [ids],
  )) as Array<{ id: number; variant: ExperimentVariant; views: string; visitors: string }>;
  for (const row of views) byExperiment.get(row.id)?.views.push({ variant: row.variant, views: Number(row.views), visitors: Number(row.visitors) });
  const conversions = (await dataSource.query(
    `SELECT "experiment_id" AS "id", "client_id" AS "clientId", "experiment_variant" AS "variant", COUNT(*)::bigint AS "leads",
            COUNT(*) FILTER (WHERE "status" IN ('booked', 'won'))::bigint AS "bookings"
     FROM "leads"."leads" WHERE "experiment_id" = ANY($1::int[])
     GROUP BY "experiment_id", "client_id", "experiment_variant"`,
    [ids],
  )) as Array<{ id: number; clientId: number; variant: ExperimentVariant; leads: string; bookings: string }>;
  for (const row of conversions)
    byExperiment.get(row.id)?.conversions.push({ clientId: row.clientId, variant: row.variant, leads: Number(row.leads), bookings: Number(row.bookings) });
  return { readAt, byExperiment };
}

export class ExperimentCountsPublisher implements ExperimentCountsSink {
  constructor(
    private readonly dataSource: DataSource,
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly onError: (err: unknown) => void,
  ) {}

  async publish(experimentIds: readonly number[]): Promise<void> {
    const ids = [...new Set(experimentIds)];
    if (ids.length === 0) return;
    try {
      const { readAt, byExperiment } = await countsOf(this.dataSource, ids);
      const write = this.redis.pipeline();
      for (const [id, { views, conversions }] of byExperiment) {
        const fields = Object.entries(experimentCountsFields(views, conversions)).flat();
        write.eval(WRITE_IF_NEWER, 1, experimentCountsKey(this.prefix, id), readAt, ...fields);
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
    let rows: Array<{ id: number }>;
    try {
      rows = (await this.dataSource.query(
        `SELECT DISTINCT "experiment_id" AS "id" FROM "leads"."leads" WHERE "id" = ANY($1::bigint[]) AND "experiment_id" IS NOT NULL`,
        [leadIds],
      )) as Array<{ id: number }>;
    } catch (err) {
      this.onError(err);
      return;
    }
    await this.publish(rows.map((r) => r.id));
  }

  /** Every experiment the tables count: at the worker's start, so counts written before (or lost to a Redis outage) are whole again. */
  async publishAll(batch = 500): Promise<number> {
    const rows = (await this.dataSource.query(
      `SELECT "experiment_id" AS "id" FROM "leads"."experiment_view_rollups"
       UNION SELECT "experiment_id" FROM "leads"."leads" WHERE "experiment_id" IS NOT NULL ORDER BY 1`,
    )) as Array<{ id: number }>;
    for (let i = 0; i < rows.length; i += batch) await this.publish(rows.slice(i, i + batch).map((r) => r.id));
    return rows.length;
  }
}

/** A publisher on a Redis connection of its own (closed by `close`). */
export function createExperimentCountsPublisher(dataSource: DataSource, redis: QueueRedis, onError: (err: unknown) => void): ExperimentCountsPublisher & { close(): void } {
  const connection = new Redis(redis.url, { maxRetriesPerRequest: 1 });
  connection.on('error', () => undefined);
  const publisher = new ExperimentCountsPublisher(dataSource, connection, redis.prefix, onError);
  return Object.assign(publisher, { close: () => connection.disconnect() });
}
