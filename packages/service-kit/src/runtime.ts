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

/** Listens, and on SIGTERM/SIGINT drains requests and closes everything `app.close()` owns. */
export async function runServer({ app, host, port }: ServerRuntime): Promise<void> {
  onShutdown(app.log, () => app.close());
  await app.listen({ host, port });
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
 * consumers and closes them on SIGTERM, letting active jobs finish.
 */
export async function runWorkers({ name, logLevel, dataSource, start }: WorkerRuntime): Promise<void> {
  const logger = pino({ level: logLevel, base: { service: name, process: 'worker' } });
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

/** `node dist/db/migrate.js`: runs this service's pending migrations and exits. */
export async function runMigrations(dataSource: DataSource, schema: string): Promise<void> {
  const ran = await migrate(dataSource, schema);
  console.log(ran.length ? `${schema}: ran ${ran.join(', ')}` : `${schema}: up to date`);
  await dataSource.destroy();
}
