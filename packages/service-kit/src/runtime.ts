import type { DataSource } from 'typeorm';
import type { Queue } from 'bullmq';
import pino from 'pino';
import type { QueueOwner } from '@hap/contracts';
import { migrate } from './database';
import { onShutdown } from './lifecycle';
import { exitOnFailure } from './serve';
import { createMetricsRegistry, instrumentQueues, loadMetricsConfig, startProcessMetrics, type MetricsServer } from './metrics';
import { checkQueueHandlers, createQueue, startQueueWorkers, type QueueHandlers, type QueueRedis } from './queue';

export interface WorkerRuntime<O extends QueueOwner> {
  /** The service; its worker consumes the queues the contracts give it. */
  name: O;
  logLevel: string;
  /** Interface of the metrics listener (the service's HOST). */
  host: string;
  /** Where the queues live. */
  redis: QueueRedis;
  dataSource?: DataSource;
  /** One handler per queue the service consumes, checked before anything connects. */
  handlers: QueueHandlers<O>;
  /** Jobs per queue at once in this process. */
  concurrency?: number;
  /**
   * Work the process runs beside its workers (an outbox relay), started once
   * they consume and the data source is open, stopped first on shutdown.
   */
  alongside?: (logger: pino.Logger) => { stop: () => Promise<void> };
}

/**
 * A service's job process (separate from its API process): checks its
 * handler map, starts one BullMQ worker per queue it consumes, serves their
 * metrics on METRICS_PORT, and closes them on SIGTERM, letting active jobs
 * finish. A failure to start (a missing handler, the database away) ends the
 * process with the reason logged.
 */
export function runWorkers<O extends QueueOwner>(runtime: WorkerRuntime<O>): Promise<void> {
  const logger = pino({ level: runtime.logLevel, base: { service: runtime.name, process: 'worker' } });
  return startWorkers(runtime, logger).catch(exitOnFailure((err) => logger.error({ err }, 'failed to start')));
}

async function startWorkers<O extends QueueOwner>(runtime: WorkerRuntime<O>, logger: pino.Logger): Promise<void> {
  const { dataSource, redis } = runtime;
  const names = checkQueueHandlers(runtime.name, runtime.handlers);
  const metricsConfig = loadMetricsConfig();
  if (dataSource && !dataSource.isInitialized) await dataSource.initialize();

  const onError = (err: Error) => logger.error({ err }, 'worker error');
  const workers = startQueueWorkers(runtime.name, runtime.handlers, redis, { concurrency: runtime.concurrency, onError });
  for (const worker of workers) {
    worker.on('failed', (job, err) => logger.warn({ err, queue: worker.name, jobId: job?.id }, 'job failed'));
  }
  // Producers' handles, for the depth gauge only.
  const queues = names.map((name) => createQueue(name, redis));
  const registry = createMetricsRegistry({ service: runtime.name, process: 'worker' });
  instrumentQueues(
    registry,
    queues.map((q) => q.queue as Queue),
    workers,
    (err) => logger.warn({ err }, 'queue depth unavailable'),
  );

  let metrics: MetricsServer | null = null;
  const alongside = runtime.alongside?.(logger);
  onShutdown(logger, async () => {
    await alongside?.stop();
    await Promise.all(workers.map((w) => w.close()));
    await Promise.all(queues.map((q) => q.close()));
    await metrics?.close();
    if (dataSource?.isInitialized) await dataSource.destroy();
  });
  metrics = await startProcessMetrics(registry, runtime.host, metricsConfig);
  logger.info({ queues: names, metricsPort: metrics?.port ?? null }, 'consuming queues');
}

/** `node dist/db/migrate.js`: runs this service's pending migrations and exits (1 on failure). */
export function runMigrations(dataSource: DataSource, schema: string): Promise<void> {
  return migrate(dataSource, schema)
    .then(async (ran) => {
      console.log(ran.length ? `${schema}: ran ${ran.join(', ')}` : `${schema}: up to date`);
      await dataSource.destroy();
    })
    .catch(exitOnFailure((err) => console.error(`${schema}: migrations failed:`, err)));
}

/**
 * `node dist/db/seed.js`: runs `seed` on `dataSource`, prints its result as one JSON line on stdout
 * (for launchers) and `describe(result)` on stderr (for people), closes the data source, and exits 1
 * on failure.
 */
export function runSeed<R>(dataSource: DataSource, seed: (dataSource: DataSource) => Promise<R>, describe: (result: R) => string): Promise<void> {
  const run = async () => {
    try {
      const result = await seed(dataSource);
      console.log(JSON.stringify(result));
      console.error(describe(result));
    } finally {
      if (dataSource.isInitialized) await dataSource.destroy();
    }
  };
  return run().catch(exitOnFailure((err) => console.error(err)));
}
