import type { FastifyInstance } from 'fastify';
import type { DataSource } from 'typeorm';
import type { Worker } from 'bullmq';
import pino from 'pino';
import { migrate } from './database';
import { onShutdown } from './lifecycle';

export interface ServerRuntime {
  app: FastifyInstance;
  host: string;
  port: number;
}

/** Ends the process when an entry point fails to start; the reason is logged first. */
function exitOnFailure(log: (err: unknown) => void) {
  return (err: unknown) => {
    log(err);
    process.exit(1);
  };
}

/**
 * Listens, and on SIGTERM/SIGINT drains requests and closes everything
 * `app.close()` owns. A failure to start ends the process.
 */
export function runServer({ app, host, port }: ServerRuntime): Promise<void> {
  onShutdown(app.log, () => app.close());
  return app.listen({ host, port }).then(
    () => undefined,
    exitOnFailure((err) => app.log.error({ err }, 'failed to start')),
  );
}

export interface WorkerRuntime {
  name: string;
  logLevel: string;
  dataSource?: DataSource;
  /** Builds this process's consumers once the database is up. */
  start: () => Promise<Worker[]> | Worker[];
}

/**
 * A service's job process (separate from its API process): starts its BullMQ
 * consumers and closes them on SIGTERM, letting active jobs finish. A failure
 * to start ends the process.
 */
export function runWorkers(runtime: WorkerRuntime): Promise<void> {
  const logger = pino({ level: runtime.logLevel, base: { service: runtime.name, process: 'worker' } });
  return startWorkers(runtime, logger).catch(exitOnFailure((err) => logger.error({ err }, 'failed to start')));
}

async function startWorkers({ dataSource, start }: WorkerRuntime, logger: pino.Logger): Promise<void> {
  if (dataSource && !dataSource.isInitialized) await dataSource.initialize();
  const workers = await start();
  for (const worker of workers) {
    worker.on('error', (err) => logger.error({ err, queue: worker.name }, 'worker error'));
    worker.on('failed', (job, err) => logger.warn({ err, queue: worker.name, jobId: job?.id }, 'job failed'));
  }
  logger.info({ queues: workers.map((w) => w.name) }, workers.length ? 'consuming queues' : 'no queues to consume yet');
  onShutdown(logger, async () => {
    await Promise.all(workers.map((w) => w.close()));
    if (dataSource?.isInitialized) await dataSource.destroy();
  });
  if (workers.length === 0) {
    // Keep the process alive so a supervisor sees a healthy worker.
    setInterval(() => undefined, 1 << 30);
  }
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
